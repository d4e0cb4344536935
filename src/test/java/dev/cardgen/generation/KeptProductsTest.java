package dev.cardgen.generation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.asset.Asset;
import dev.cardgen.render.ImageEncoder;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application
class KeptProductsTest {

    private static Asset asset(String id) {
        Asset a = new Asset();
        a.id = id;
        a.cutoutVersion = 1;
        a.subjectDetected = true;
        a.subjectConfidence = 0.9;
        a.subjectX = 10;
        a.subjectY = 20;
        a.subjectW = 300;
        a.subjectH = 400;
        return a;
    }

    private static BufferedImage image() {
        BufferedImage img = new BufferedImage(30, 40, BufferedImage.TYPE_INT_ARGB);
        img.setRGB(3, 4, 0x80ff2000);
        return img;
    }

    @Test
    void aKeptProductIsFoundByItsCutOutOnlyAndTheOldestGoesFirst() {
        KeptProducts kept = new KeptProducts(2);
        Asset a = asset("ast_a");
        KeptProducts.Key key = KeptProducts.Key.of(a, 1);
        KeptProducts.Product p = kept.keep(key, image());
        assertSame(p, kept.get(KeptProducts.Key.of(asset("ast_a"), 1)).orElseThrow());

        // Whatever the cut reads from the asset's row is part of the key: a new version, another box.
        a.cutoutVersion = 2;
        assertTrue(kept.get(KeptProducts.Key.of(a, 1)).isEmpty(), "version 1 while version 2 is current");
        Asset moved = asset("ast_a");
        moved.subjectW = 301;
        assertTrue(kept.get(KeptProducts.Key.of(moved, 1)).isEmpty(), "another box");
        assertTrue(kept.get(KeptProducts.Key.of(asset("ast_b"), 1)).isEmpty(), "another asset");

        kept.keep(KeptProducts.Key.of(asset("ast_b"), 1), image());
        kept.keep(KeptProducts.Key.of(asset("ast_c"), 1), image());
        assertTrue(kept.get(key).isEmpty(), "the oldest went when a third came");
        assertTrue(kept.get(KeptProducts.Key.of(asset("ast_b"), 1)).isPresent());
        assertTrue(kept.get(KeptProducts.Key.of(asset("ast_c"), 1)).isPresent());
    }

    @Test
    void aGenerationFindsTheProductItWasCutFromWhileItIsKept() {
        KeptProducts kept = new KeptProducts(1);
        KeptProducts.Key a = KeptProducts.Key.of(asset("ast_a"), 1);
        KeptProducts.Product p = kept.keep(a, image());
        kept.usedBy("gen_1", a);
        kept.usedBy("gen_2", a);
        assertSame(p.image(), kept.imageOf("gen_1").orElseThrow());
        assertSame(p.image(), kept.imageOf("gen_2").orElseThrow());
        assertTrue(kept.imageOf("gen_3").isEmpty(), "a generation of another instance");

        // another product takes the only place: the generations of the first read their stored copy again
        KeptProducts.Key b = KeptProducts.Key.of(asset("ast_b"), 1);
        KeptProducts.Product q = kept.keep(b, image());
        kept.usedBy("gen_3", b);
        assertTrue(kept.imageOf("gen_1").isEmpty());
        assertSame(q.image(), kept.imageOf("gen_3").orElseThrow());
    }

    @Test
    void noneKeptAtZero() {
        KeptProducts kept = new KeptProducts(0);
        KeptProducts.Key key = KeptProducts.Key.of(asset("ast_a"), 1);
        BufferedImage img = image();
        assertSame(img, kept.keep(key, img).image());
        assertTrue(kept.get(key).isEmpty());
        kept.usedBy("gen_1", key);
        assertTrue(kept.imageOf("gen_1").isEmpty());
    }

    @Test
    void thePngIsTheInternalEncodersAndMadeOnce() {
        BufferedImage img = image();
        KeptProducts.Product p = new KeptProducts(1).keep(KeptProducts.Key.of(asset("ast_a"), 1), img);
        byte[] png = p.png();
        assertArrayEquals(ImageEncoder.pngInternal(img), png);
        assertSame(png, p.png());
        assertNotSame(png, ImageEncoder.pngInternal(img));
        assertEquals(30, p.image().getWidth());
    }
}
