#!/usr/bin/env python3
"""Make the bundled u2netp.onnx accept any input height and width.

The export we bundle declares its input as 1x3x320x320 and its first two outputs at 320x320,
although every operator in it works at any size (its upsampling takes the target size from the
tensors it joins). This rewrites only those declared dimensions to the names "height" and
"width"; nodes, weights and opset are left as they are.

    python3 -m venv /tmp/onnx && /tmp/onnx/bin/pip install onnx==1.23.1
    /tmp/onnx/bin/python tools/u2netp-any-size.py ORIGINAL.onnx src/main/resources/subject/u2netp.onnx

ORIGINAL.onnx is the file described in src/main/resources/subject/NOTICE.txt (its SHA-256 is
there); the output is then byte for byte the committed one.
"""
import sys

import onnx


def main(source, target):
    model = onnx.load(source)
    declared = [model.graph.input[0]] + [o for o in model.graph.output
                                         if [d.dim_value for d in o.type.tensor_type.shape.dim][2:] == [320, 320]]
    for value in declared:
        dims = value.type.tensor_type.shape.dim
        dims[2].dim_param = "height"
        dims[3].dim_param = "width"
    onnx.checker.check_model(model)
    onnx.save(model, target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
