"""Tell whether functions in a source file avoid some Python constructs.

Used from a homework's doctests as

    from construct_check import check
    check(HW_SOURCE_FILE, 'count_digit', ['While', 'For'])    # prints True

check(SOURCE_FILE, CHECKED_FUNCS, DISALLOW, source=None) parses SOURCE_FILE (or the
text SOURCE when given) with ast, looks at the top-level functions named in
CHECKED_FUNCS (a name, a list of names, or '__main__' for the whole file) and reports,
one line each, every banned construct it finds. DISALLOW holds names of ast node types
('While', 'For', 'ListComp', ...) and the pseudo-name 'Recursion' (a checked function
that calls itself by name). It returns True when nothing banned was found, else False.
"""

import ast

__all__ = ['check']


def _targets(tree, checked):
    if checked == '__main__':
        return [('__main__', tree)]
    names = [checked] if isinstance(checked, str) else list(checked)
    found = {node.name: node for node in tree.body
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return [(name, found[name]) for name in names if name in found]


def _problems(name, node, disallow):
    banned = set(disallow)
    seen = []
    for sub in ast.walk(node):
        kind = type(sub).__name__
        if kind in banned and kind not in seen:
            seen.append(kind)
        if ('Recursion' in banned and 'Recursion' not in seen and isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Name) and sub.func.id == name):
            seen.append('Recursion')
    return seen


def check(source_file, checked_funcs, disallow, source=None):
    """Print a line for each construct of DISALLOW used by CHECKED_FUNCS in SOURCE_FILE;
    return whether there was none.

    >>> text = 'def f(n):\\n    while n:\\n        n -= 1\\n    return f\\n'
    >>> check('x.py', 'f', ['While', 'Recursion'], source=text)
    Should not use While in f
    False
    >>> check('x.py', 'f', ['For'], source=text)
    True
    """
    if source is None:
        with open(source_file, encoding='utf-8') as f:
            source = f.read()
    tree = ast.parse(source, source_file)
    ok = True
    for name, node in _targets(tree, checked_funcs):
        for kind in _problems(name, node, disallow):
            print('Should not use {} in {}'.format(kind, name))
            ok = False
    return ok
