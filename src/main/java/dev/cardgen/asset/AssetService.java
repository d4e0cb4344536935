package dev.cardgen.asset;

import dev.cardgen.account.ProjectService;
import dev.cardgen.api.ApiException;
import dev.cardgen.api.ByteSizes;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.core.Ids;
import dev.cardgen.api.Owned;
import dev.cardgen.api.Page;
import dev.cardgen.api.PageRequest;
import dev.cardgen.core.Times;
import dev.cardgen.asset.image.ImageInfo;
import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.asset.image.ImageRejectedException;
import dev.cardgen.asset.image.InspectedImage;
import dev.cardgen.asset.image.WorkingCopy;
import dev.cardgen.metrics.Metrics;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.SubjectHint;
import dev.cardgen.render.subject.SubjectMasks;
import dev.cardgen.render.subject.SubjectOptions;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.storage.BlobWrite;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Upload, read, list and delete of product photos. An upload's header and pixels are validated
 * and its subject cut out before anything is stored; its blobs are written in one call, all or none,
 * before its row, and removed again if the row fails, so a failed upload leaves neither (the orphan
 * sweeper catches a crash in between).
 */
@ApplicationScoped
public class AssetService {

    private static final Logger LOG = Logger.getLogger(AssetService.class);

    private final BlobStore blobs;
    private final ProjectService projects;
    private final UploadConfig limits;
    private final Metrics metrics;
    private final Clock clock;
    /**
     * Working-copy encodes that overlap an upload's subject cut-out. No queue: when every thread is busy
     * the request thread encodes itself, so a burst of uploads can neither pile up nor deadlock here.
     */
    private final ExecutorService encoding = new ThreadPoolExecutor(0, 4, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
        Thread t = new Thread(r, "cardgen-asset-encode");
        t.setDaemon(true);
        return t;
    }, new ThreadPoolExecutor.CallerRunsPolicy());

    private final SubjectOptions subjectOptions;

    public AssetService(BlobStore blobs, ProjectService projects, UploadConfig limits, SubjectConfig subject,
                        Metrics metrics, Clock clock) {
        this.subjectOptions = subject.options();
        if (!subjectOptions.model()) {
            LOG.info("cardgen.subject.model=off: the subject stage decides with its cues alone");
        }
        this.blobs = blobs;
        this.projects = projects;
        this.limits = limits;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** An uploaded file; {@code subjectBox} is the form's {@code subject_box} as sent, or null. */
    public record Upload(Path file, long size, String fileName, String subjectBox) {
        public Upload(Path file, long size, String fileName) {
            this(file, size, fileName, null);
        }
    }

    /** Stores and analyses an upload; a refusal is counted by its error code. */
    public Asset upload(String accountId, String projectId, Upload upload) {
        try {
            return store(accountId, projectId, upload);
        } catch (ApiException e) {
            metrics.uploadRejected(e.code());
            throw e;
        }
    }

    /**
     * The upload's path, one step after another: each step is a call out that returns here, and the one
     * background encode is the only code of this class that runs from elsewhere.
     */
    private Asset store(String accountId, String projectId, Upload upload) {
        String project = projects.resolve(accountId, projectId).id;
        if (upload.size() > limits.maxBytes()) {
            throw new ApiException(413, ErrorTypes.INVALID_REQUEST, "file_too_large",
                    "The file is larger than the " + ByteSizes.readable(limits.maxBytes()) + " limit.", "file");
        }
        InspectedImage image = inspect(upload.file());
        ImageInfo info = image.info();
        SubjectHint hint = CutoutHint.parseField(upload.subjectBox(), info.width(), info.height());
        String id = Ids.next(Ids.ASSET);
        WorkingCopy copy = decode(image);
        // The upload's own alpha is the mask when it outlines a product, unless the seller drew a box.
        boolean ownAlpha = hint == null && copy.alpha() != null && SubjectMasks.judge(copy.alpha()) == SubjectMasks.Verdict.PRODUCT;
        BufferedImage working = ownAlpha ? copy.rgb() : copy.flattened();
        AssetBlobs.UploadKeys keys = AssetBlobs.upload(id, ownAlpha);
        // The header and the pixels are valid: the working copy is encoded while the subject is cut out
        // (lossless where the upload's alpha is the mask, so the colours of the edge it outlines stay its own).
        Future<byte[]> encoded = encoding.submit(() -> ownAlpha ? ImageEncoder.png(working) : ImageEncoder.jpeg(working, 0.95f));
        long t0 = System.nanoTime();
        Subject subject;
        try {
            subject = ownAlpha ? Subject.ofMask(copy.alpha())
                    : hint != null ? AssetCutouts.cutInBox(working, hint, info.width(), info.height(), "subject_box", subjectOptions)
                    : SubjectExtractor.extract(working, subjectOptions);
        } catch (RuntimeException e) {
            encoded.cancel(true);
            throw e;
        }
        metrics.stage("subject", System.nanoTime() - t0);
        SubjectSource source = ownAlpha ? SubjectSource.ALPHA : hint != null ? SubjectSource.HINT : SubjectSource.AUTO;
        // All three blobs or none (the store removes what it wrote when one fails), then the row.
        blobs.putAll(List.of(
                BlobWrite.file(keys.original(), upload.file(), info.format().mimeType()),
                BlobWrite.bytes(keys.workingCopy(), awaitEncoded(encoded), ownAlpha ? "image/png" : "image/jpeg"),
                BlobWrite.bytes(keys.mask(), subject.maskPng(), "image/png")));
        Asset asset = newAsset(id, accountId, project, upload, info, subject, source);
        try {
            QuarkusTransaction.requiringNew().run(asset::persist);
        } catch (RuntimeException e) {
            for (String key : keys.all()) {
                deleteQuietly(key);
            }
            throw e;
        }
        return asset;
    }

    private static byte[] awaitEncoded(Future<byte[]> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while encoding an upload's working copy", e);
        }
    }

    @PreDestroy
    void shutdown() {
        encoding.shutdown();
    }

    /** The new asset's row, not yet persisted: it is written once its blobs are. */
    private Asset newAsset(String id, String accountId, String projectId, Upload upload, ImageInfo info, Subject subject,
                           SubjectSource source) {
        Asset a = new Asset();
        a.id = id;
        a.accountId = accountId;
        a.projectId = projectId;
        a.width = info.width();
        a.height = info.height();
        a.mimeType = info.format().mimeType();
        a.originalFilename = FileNames.clean(upload.fileName());
        a.bytes = upload.size();
        a.subjectDetected = subject.detected();
        a.subjectConfidence = subject.confidence();
        Rectangle box = subject.box();
        a.subjectX = box.x;
        a.subjectY = box.y;
        a.subjectW = box.width;
        a.subjectH = box.height;
        a.subjectSource = source;
        a.workingPng = source == SubjectSource.ALPHA;
        a.cutoutVersion = 1;
        a.createdAt = Times.now(clock);
        return a;
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Asset require(String accountId, String id) {
        return Owned.require("asset", id, i -> Ids.looksLike(Ids.ASSET, i), i -> Asset.findLive(accountId, i));
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page<Asset> list(String accountId, String projectId, PageRequest page) {
        if (projectId == null || projectId.isBlank()) {
            return Page.query(Asset.class, "accountId = ?1 and deletedAt is null", page, accountId);
        }
        String project = projects.require(accountId, projectId.trim(), "project_id").id;
        return Page.query(Asset.class, "accountId = ?1 and projectId = ?2 and deletedAt is null", page, accountId, project);
    }

    /**
     * Marks the asset deleted, then removes its bytes at once (every cut-out version: listed, not
     * guessed); variants and exports made from it keep theirs.
     */
    public void delete(String accountId, String id) {
        QuarkusTransaction.requiringNew().run(() -> {
            Asset asset = require(accountId, id);
            asset.deletedAt = Times.now(clock);
        });
        List<String> keys;
        try (Stream<String> listed = blobs.list(AssetBlobs.prefix(id))) {
            keys = listed.toList();
        } catch (RuntimeException e) {
            LOG.warnf("Could not list the blobs of asset %s now; the orphan sweeper will remove them: %s", id, e.toString());
            keys = AssetBlobs.all(id);
        }
        keys.forEach(this::deleteQuietly);
    }

    private void deleteQuietly(String key) {
        try {
            blobs.delete(key);
        } catch (RuntimeException e) {
            LOG.warnf("Could not delete blob %s now; the orphan sweeper will: %s", key, e.toString());
        }
    }

    private static InspectedImage inspect(Path file) {
        try {
            return ImageInspector.inspect(file);
        } catch (ImageRejectedException e) {
            throw rejected(e);
        }
    }

    private WorkingCopy decode(InspectedImage image) {
        try {
            return ImageInspector.decodeWorkingCopyWithAlpha(image, limits.workingCopyMaxSide());
        } catch (ImageRejectedException e) {
            throw rejected(e);
        }
    }

    /** Status and code come from the rejection's {@link ImageRejectedException.Reason}, the one table of them. */
    static ApiException rejected(ImageRejectedException e) {
        return new ApiException(e.httpStatus(), ErrorTypes.INVALID_REQUEST, e.code(), e.getMessage(), "file");
    }

    /** Keys under assets/ whose asset has no live row; used by the sweeper. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean isLive(String assetId) {
        return Asset.count("id = ?1 and deletedAt is null", assetId) > 0;
    }
}
