package dev.cardgen.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.generation.GenerationBlobs;
import dev.cardgen.generation.GenerationVariant;
import dev.cardgen.render.Box;
import dev.cardgen.render.Design;
import dev.cardgen.render.LayoutEngine;
import dev.cardgen.storage.BlobStore;
import io.quarkus.narayana.jta.QuarkusTransaction;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;

/** Where a generation's card draws its product: the generation's stored cut-out, and the box its layout gives it. */
public record ProductPlacement(BufferedImage cut, Box box) {

    /** On a card of {@code width} × {@code height}: variant 0's design laid out again for the cut-out's aspect, as an export does. */
    public static ProductPlacement of(BlobStore blobs, ObjectMapper json, String generationId, int width, int height) throws IOException {
        BufferedImage cut;
        try (InputStream in = blobs.get(GenerationBlobs.product(generationId))) {
            cut = ImageIO.read(in);
        }
        Design design = QuarkusTransaction.requiringNew().call(() -> json.readValue(
                GenerationVariant.<GenerationVariant>findById(new GenerationVariant.Key(generationId, 0)).design, Design.class));
        return new ProductPlacement(cut, LayoutEngine.layout(design, (double) cut.getWidth() / cut.getHeight(), width, height).product());
    }
}
