package dev.cardgen.generation;

import dev.cardgen.asset.Asset;
import dev.cardgen.render.ImageEncoder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The products the last generations were cut from, so the next generation of the same cut-out on
 * this instance (another template, ratio or try, a batch's items of one photo, a burst) neither reads
 * and decodes the working copy and the mask again, nor cuts, nor encodes its stored copy's PNG. A cut
 * is a pure function of its {@link Key}: an asset's working copy never changes, nor a version's mask.
 * At most {@code cardgen.generation.kept-products} are kept (0: none), softly.
 */
@ApplicationScoped
public class KeptProducts {

    /** What a generation's product depends on besides the asset's stored working copy and the version's mask. */
    record Key(String assetId, int version, int currentVersion, Rectangle box, double confidence, boolean detected,
               boolean workingPng) {

        static Key of(Asset asset, int version) {
            return new Key(asset.id, version, asset.cutoutVersion, asset.subjectBox(), asset.subjectConfidence,
                    asset.subjectDetected, asset.workingPng);
        }
    }

    /** A product cut-out, read-only, and the PNG of its stored copy, encoded at most once. */
    static final class Product {
        private final BufferedImage image;
        private volatile byte[] png;

        Product(BufferedImage image) {
            this.image = image;
        }

        BufferedImage image() {
            return image;
        }

        /** The PNG a generation stores as its copy ({@link ImageEncoder#pngInternal}); the same bytes every time. */
        byte[] png() {
            byte[] p = png;
            if (p == null) {
                p = ImageEncoder.pngInternal(image);
                png = p;
            }
            return p;
        }
    }

    private record Kept(Key key, Product product) {
    }

    /** Generations remembered with the product they were cut from: a few minutes of a busy instance's. */
    private static final int GENERATIONS = 64;

    private final int max;
    private final ArrayDeque<SoftReference<Kept>> kept = new ArrayDeque<>();
    /** The key of the product each of the last generations was cut from, the least recently asked first. */
    private final Map<String, Key> generations = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Key> eldest) {
            return size() > GENERATIONS;
        }
    };

    @Inject
    KeptProducts(GenerationConfig config) {
        this(config.keptProducts());
    }

    KeptProducts(int max) {
        this.max = Math.max(0, max);
    }

    Optional<Product> get(Key key) {
        synchronized (kept) {
            for (Iterator<SoftReference<Kept>> it = kept.iterator(); it.hasNext(); ) {
                Kept k = it.next().get();
                if (k == null) {
                    it.remove();
                } else if (k.key().equals(key)) {
                    return Optional.of(k.product());
                }
            }
        }
        return Optional.empty();
    }

    /** Remembers that generation {@code generationId} was cut from the product of {@code key}. */
    void usedBy(String generationId, Key key) {
        if (max == 0) {
            return;
        }
        synchronized (kept) {
            generations.put(generationId, key);
        }
    }

    /**
     * The product generation {@code generationId} was cut from, while it is kept here: the pixels of the copy the
     * generation stored (a lossless PNG of this image, so a card rendered from either is the same), without reading
     * and decoding that copy. Read-only, as every kept product.
     */
    public Optional<BufferedImage> imageOf(String generationId) {
        Key key;
        synchronized (kept) {
            key = generations.get(generationId);
        }
        return key == null ? Optional.empty() : get(key).map(Product::image);
    }

    /** Keeps {@code image} as the product of {@code key}, the oldest kept one going when full; the product either way. */
    Product keep(Key key, BufferedImage image) {
        Product product = new Product(image);
        if (max == 0) {
            return product;
        }
        synchronized (kept) {
            kept.removeIf(r -> {
                Kept k = r.get();
                return k == null || k.key().equals(key);
            });
            while (kept.size() >= max) {
                kept.pollFirst();
            }
            kept.addLast(new SoftReference<>(new Kept(key, product)));
        }
        return product;
    }
}
