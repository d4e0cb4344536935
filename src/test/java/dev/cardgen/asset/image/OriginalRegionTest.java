package dev.cardgen.asset.image;

import dev.cardgen.testing.FinePrint;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

@Execution(ExecutionMode.CONCURRENT) // no application
class OriginalRegionTest {

    /**
     * A plain JPEG's region streamed row by row from the decoder (and filtered a batch of rows at a time
     * on every core) is, pixel for pixel, the same resize of the whole decoded photo: colour and grey
     * files, shrunk and enlarged.
     */
    @ParameterizedTest
    @CsvSource({"false, 225, 188", "false, 677, 564", "true, 225, 188", "true, 677, 564"})
    void aStreamedRegionIsTheResizeOfTheDecodedPhoto(boolean grey, int w, int h, @TempDir Path dir) throws Exception {
        BufferedImage photo = FinePrint.photo(900);
        if (grey) {
            BufferedImage g = new BufferedImage(900, 900, BufferedImage.TYPE_BYTE_GRAY);
            Graphics2D gr = g.createGraphics();
            gr.drawImage(photo, 0, 0, null);
            gr.dispose();
            photo = g;
        }
        byte[] jpeg = FinePrint.jpeg(photo, 0.9f);
        Path file = dir.resolve("photo.jpg");
        Files.write(file, jpeg);
        // from the photo's corner, so the decoded region and the whole photo share their coordinates
        Rectangle2D region = new Rectangle2D.Double(0, 0, 450.5, 375.25);

        BufferedImage streamed = OriginalRegion.decode(ImageInspector.inspect(file), region, w, h, false).rgb();

        BufferedImage whole = ImageIO.read(new ByteArrayInputStream(jpeg));
        BufferedImage expected = Resampler.resample(whole, 0, 0, 450.5, 375.25, w, h, false);
        assertEquals(w, streamed.getWidth());
        assertEquals(h, streamed.getHeight());
        assertArrayEquals(expected.getRGB(0, 0, w, h, null, 0, w), streamed.getRGB(0, 0, w, h, null, 0, w));
    }
}
