package dev.cardgen.api;

import dev.cardgen.core.WireValue;

import java.util.ArrayList;
import java.util.List;

/**
 * The condition of a list endpoint: the account's records, narrowed by each equality filter the
 * client gave ({@code project_id}, {@code status}, …), with positional parameters as {@link Page#query} takes them.
 */
public final class ListFilter {

    private final StringBuilder where = new StringBuilder("accountId = ?1");
    private final List<Object> params = new ArrayList<>();

    private ListFilter(String accountId) {
        params.add(accountId);
    }

    public static ListFilter of(String accountId) {
        return new ListFilter(accountId);
    }

    /** Adds {@code field = value} when the client gave a value; a missing or blank one filters nothing. */
    public ListFilter equal(String field, String value) {
        return Strings.isBlank(value) ? this : add(field, value);
    }

    /** Adds {@code field = value} for a value the caller already parsed (a status); null filters nothing. */
    public ListFilter equal(String field, WireValue value) {
        return value == null ? this : add(field, value);
    }

    private ListFilter add(String field, Object value) {
        params.add(value);
        where.append(" and ").append(field).append(" = ?").append(params.size());
        return this;
    }

    public <T> Page<T> page(Class<T> type, PageRequest page) {
        return Page.query(type, where.toString(), page, params.toArray());
    }
}
