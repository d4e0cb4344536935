package dev.cardgen.webhook;

import dev.cardgen.core.OwnedEntity;
import dev.cardgen.api.ApiException;
import dev.cardgen.api.ClientStrings;
import dev.cardgen.core.Ids;
import dev.cardgen.api.Owned;
import dev.cardgen.api.Page;
import dev.cardgen.api.PageRequest;
import dev.cardgen.api.Strings;
import dev.cardgen.core.Times;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Creating, reading, changing and deleting an account's webhook endpoints, and listing their deliveries. */
@ApplicationScoped
@Transactional
public class WebhookEndpoints {

    static final String ENDPOINT_PREFIX = "we";
    static final String DELIVERY_PREFIX = "whd";
    private static final Pattern ENDPOINT_ID = Pattern.compile("we_[0-9A-Za-z]{24}");
    private static final int MAX_URL = 2048;
    private static final int MAX_DESCRIPTION = 500;

    @Inject
    WebhooksConfig config;
    @Inject
    SecretBox secrets;
    @Inject
    Clock clock;

    /** The new endpoint and its secret, which is shown only here. */
    public WebhookViews.EndpointView create(String accountId, WebhookViews.CreateEndpoint req) {
        String url = validUrl(req.url());
        String events = validEvents(req.events());
        String description = validDescription(req.description());
        if (WebhookEndpoint.count("accountId", accountId) >= config.maxEndpoints()) {
            throw ApiException.invalid("webhook_endpoint_limit_reached", "An account can have at most " + config.maxEndpoints()
                    + " webhook endpoints; delete one first.", "url");
        }
        String secret = "whsec_" + Ids.random(32);
        WebhookEndpoint e = new WebhookEndpoint();
        e.id = Ids.next(ENDPOINT_PREFIX);
        e.accountId = accountId;
        e.url = url;
        e.events = events;
        e.description = description;
        e.secretSealed = secrets.seal(secret);
        e.createdAt = Times.now(clock);
        e.persist();
        return view(e, secret);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public WebhookEndpoint require(String accountId, String id) {
        return Owned.require("webhook endpoint", id, i -> ENDPOINT_ID.matcher(i).matches(), i -> OwnedEntity.findOwned(WebhookEndpoint.class, accountId, i));
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page<WebhookEndpoint> list(String accountId, PageRequest page) {
        return Page.query(WebhookEndpoint.class, "accountId = ?1", page, accountId);
    }

    public WebhookEndpoint update(String accountId, String id, WebhookViews.UpdateEndpoint req) {
        WebhookEndpoint e = require(accountId, id);
        if (req.url() != null) {
            e.url = validUrl(req.url());
        }
        if (req.events() != null) {
            e.events = validEvents(req.events());
        }
        if (req.description() != null) {
            e.description = validDescription(req.description());
        }
        if (req.disabled() != null) {
            e.disabled = req.disabled();
        }
        return e;
    }

    /** Deletes the endpoint and its deliveries; queued attempts find nothing and end. */
    public void delete(String accountId, String id) {
        require(accountId, id).delete();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page<WebhookDelivery> deliveries(String accountId, String endpointId, PageRequest page) {
        WebhookEndpoint e = require(accountId, endpointId);
        return Page.query(WebhookDelivery.class, "endpointId = ?1", page, e.id);
    }

    public static WebhookViews.EndpointView view(WebhookEndpoint e, String secret) {
        return new WebhookViews.EndpointView(e.id, "webhook_endpoint", e.url, e.eventList(), e.description, e.disabled, secret,
                Times.iso(e.createdAt));
    }

    private String validUrl(String url) {
        ClientStrings.require("url", url); // before trim() could hide a trailing line feed
        if (Strings.isBlank(url)) {
            throw ApiException.missingParam("url");
        }
        if (url.length() > MAX_URL) {
            throw ApiException.invalidParam("url", "url must be at most " + MAX_URL + " characters.");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw ApiException.invalidParam("url", "url is not a valid URL.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw ApiException.invalidParam("url", "url must be an https:// (or http://) URL.");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw ApiException.invalidParam("url", "url must name a host.");
        }
        if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw ApiException.invalidParam("url", "url must not contain credentials or a fragment.");
        }
        if (!config.allowPrivate() && isForbiddenLiteral(uri.getHost())) {
            throw ApiException.invalidParam("url", "url must point at a public address; loopback, private, link-local "
                    + "and metadata addresses are refused.");
        }
        return uri.toString();
    }

    /** An IP literal (or localhost) that can never be a valid target; names are checked again at each delivery. */
    private static boolean isForbiddenLiteral(String host) {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost") || h.toLowerCase(Locale.ROOT).endsWith(".localhost")) {
            return true;
        }
        if (!h.matches("[0-9.]+") && !h.contains(":")) {
            return false; // a name: never resolved here
        }
        try {
            return AddressGuard.forbidden(InetAddress.getByName(h));
        } catch (UnknownHostException e) {
            return true;
        }
    }

    private static String validEvents(List<String> events) {
        if (events == null) {
            throw ApiException.missingParam("events");
        }
        if (events.isEmpty()) {
            throw ApiException.invalidParam("events", "events must name at least one event type: " + WebhookEvents.TYPES + ".");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            String type = events.get(i);
            if (type == null || !WebhookEvents.TYPES.contains(type)) {
                throw ApiException.invalidParam("events[" + i + "]", "Unknown event type '" + Strings.clip(String.valueOf(type), 40)
                        + "'. Known types: " + String.join(", ", WebhookEvents.TYPES) + ".");
            }
            out.add(type);
        }
        return String.join(",", new LinkedHashSet<>(out));
    }

    private static String validDescription(String description) {
        ClientStrings.require("description", description); // a label, like a project name: one line
        if (description != null && description.length() > MAX_DESCRIPTION) {
            throw ApiException.invalidParam("description", "description must be at most " + MAX_DESCRIPTION + " characters.");
        }
        return description;
    }
}
