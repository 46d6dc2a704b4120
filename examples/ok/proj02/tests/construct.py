"""A helper for the project's cases (not a test): does a function of a source file
use a loop?"""

import ast


def uses_loops(path, name):
    with open(path, encoding='utf-8') as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return any(isinstance(sub, (ast.For, ast.While, ast.comprehension))
                       for sub in ast.walk(node))
    return False
