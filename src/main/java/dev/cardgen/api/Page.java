package dev.cardgen.api;

import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One page of a cursor list, newest first, ordered by (createdAt, id). Entities listed this way
 * have {@code id} and {@code createdAt} fields.
 */
public record Page<T>(List<T> items, boolean hasMore) {

    public <R> ListResponse<R> map(Function<T, R> view) {
        return ListResponse.of(items.stream().map(view).toList(), hasMore);
    }

    /**
     * @param where JPQL condition over the entity's fields with positional parameters ?1..?n; it
     *              also scopes the cursor, so a {@code starting_after} from elsewhere is rejected.
     */
    public static <T> Page<T> query(Class<T> type, String where, PageRequest page, Object... params) {
        EntityManager em = Panache.getEntityManager();
        String entity = type.getSimpleName();
        List<Object> args = new ArrayList<>(List.of(params));
        String condition = where;
        if (page.startingAfter() != null) {
            Object[] cursor = cursor(em, entity, where, page.startingAfter(), params);
            int a = args.size() + 1;
            condition = "(" + where + ") and (createdAt < ?" + a + " or (createdAt = ?" + a + " and id < ?" + (a + 1) + "))";
            args.add(cursor[0]);
            args.add(cursor[1]);
        }
        TypedQuery<T> q = em.createQuery("from " + entity + " where " + condition + " order by createdAt desc, id desc", type);
        for (int i = 0; i < args.size(); i++) {
            q.setParameter(i + 1, args.get(i));
        }
        List<T> rows = q.setMaxResults(page.limit() + 1).getResultList();
        boolean more = rows.size() > page.limit();
        return new Page<>(more ? List.copyOf(rows.subList(0, page.limit())) : rows, more);
    }

    private static Object[] cursor(EntityManager em, String entity, String where, String id, Object[] params) {
        int n = params.length + 1;
        var q = em.createQuery("select createdAt from " + entity + " where (" + where + ") and id = ?" + n, Instant.class);
        for (int i = 0; i < params.length; i++) {
            q.setParameter(i + 1, params[i]);
        }
        q.setParameter(n, id);
        List<Instant> found = q.getResultList();
        if (found.isEmpty()) {
            throw ApiException.invalidParam("starting_after", "starting_after must be the id of an object in this list.");
        }
        return new Object[]{found.get(0), id};
    }
}
