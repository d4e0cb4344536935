package dev.cardgen.asset.image;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import javax.imageio.ImageIO;

/**
 * ImageIO's process-wide settings. By default it buffers every stream it cannot seek in a temp file,
 * and a JVM shutdown hook closes all those files: a JPEG encode or an image read still running in
 * the shutdown grace then fails with "closed", and its generation fails with it instead of finishing
 * or being handed to another instance. Our images are all in memory already, so ImageIO's buffers
 * stay in memory too (which also saves a temp file per image read or written).
 */
@ApplicationScoped
public class ImageIoDefaults {

    /** Before any other start-up observer, so before the first job can run. */
    void apply(@Observes @Priority(1) StartupEvent event) {
        ImageIO.setUseCache(false);
    }
}
