#!/usr/bin/env python3
"""Shares of a collapsed-stack CPU profile per stage of the service (bench/profile-stages.sh).

    python3 bench/profile-stages.py PROFILE.collapsed TITLE

A sample's stage is decided by its stack: the JVM's own threads (JIT compiler, GC) and the ONNX
engine's threads by their native frames; then a frame of the database driver, pool or ORM makes it
"database"; else the leaf-most frame of our own code names it by package and class (STAGES); else a
frame of an image codec makes it "decode"; else Vert.x/Netty/RESTEasy/Jackson "http"; else "other".
"""
import re
import sys
from collections import Counter

# leaf-most frame of our own code -> stage; the first pattern that matches wins
STAGES = [
    (r"dev/cardgen/render/subject/(SubjectModel|model/)", "subject: model (ONNX call)"),
    (r"dev/cardgen/render/subject/", "subject: cues, cut, edge"),
    (r"dev/cardgen/render/(ImageEncoder|Previews)", "encode (PNG/JPEG)"),
    (r"dev/cardgen/render/(TextPainter|TextFit|TextStack|TextFiller|TypeScale|FactList)|dev/cardgen/render/text/", "text"),
    (r"dev/cardgen/render/(Backdrop|Scene|Blur|ShadowPainter)", "scene, backdrop, shadow"),
    (r"dev/cardgen/render/(LayoutEngine|Layout|ProductPlacer|ProductScaler|ProductBounds|Box|Ratio)", "layout"),
    (r"dev/cardgen/render/(Palette|PaletteBuilder|ProductColors|ColorMath)", "palette"),
    (r"dev/cardgen/render/", "compose (CardRenderer, templates)"),
    (r"dev/cardgen/asset/image/", "decode (upload, working copy)"),
    (r"dev/cardgen/storage/", "storage"),
    (r"dev/cardgen/export/checks/", "export checks"),
    (r"dev/cardgen/", "service code (jobs, assets, streams, ...)"),
]
JIT = re.compile(r"^(CompileBroker|C2Compiler|Compiler::|Compilation::|PhaseIdealLoop|PhaseChaitin|PhaseIterGVN|Parse::|C2Compiler|CompileQueue)")
GC = re.compile(r"^(G1|SerialHeap|GenCollectedHeap|DefNewGeneration|TenuredGeneration|ParallelScavenge|PSParallel|GCTaskThread|WorkerThread::run|VM_GC|VM_CollectForAllocation)")
ONNX = re.compile(r"(onnxruntime|libonnxruntime|MlasSgemm|MlasConv|Mlas)")
DATABASE = re.compile(r"^(org/postgresql|org/hibernate|io/agroal|com/arjuna|org/flywaydb)")
HTTP = re.compile(r"^(io/vertx|io/netty|org/jboss/resteasy|io/quarkus/resteasy|com/fasterxml/jackson|io/quarkus/vertx)")
DECODE = re.compile(r"^(com/twelvemonkeys|com/sun/imageio/plugins/jpeg/JPEGImageReader|javax/imageio/ImageIO/read|sun/awt/image/codec)")
ENCODE = re.compile(r"^(com/pngencoder|com/sun/imageio/plugins/jpeg/JPEGImageWriter|java/util/zip/Deflater)")


def stage(frames):
    if any(JIT.match(f) for f in frames):
        return "JVM: JIT compiler"
    if any(GC.match(f) for f in frames):
        return "JVM: garbage collector"
    if any(DATABASE.match(f) for f in frames):
        return "database"
    for f in reversed(frames):  # leaf first
        if f.startswith("dev/cardgen/"):
            for pattern, name in STAGES:
                if re.match(pattern, f):
                    return name
    if any(ONNX.search(f) for f in frames):
        return "subject: model (ONNX engine's threads)"
    if any(DECODE.match(f) for f in frames):
        return "decode (upload, working copy)"
    if any(ENCODE.match(f) for f in frames):
        return "encode (PNG/JPEG)"
    if any(HTTP.match(f) for f in frames):
        return "http"
    return "other (JVM threads, class loading, ...)"


def main(path, title):
    counts = Counter()
    total = 0
    for line in open(path, encoding="utf-8", errors="replace"):
        stack, _, n = line.rstrip("\n").rpartition(" ")
        if not n.isdigit():
            continue
        frames = [f.split("(")[0].replace(".", "/") for f in stack.split(";")]
        counts[stage(frames)] += int(n)
        total += int(n)
    print(f"{title}: {total} CPU samples")
    for name, n in counts.most_common():
        print(f"  {name:45s} {100.0 * n / max(1, total):5.1f} %")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
