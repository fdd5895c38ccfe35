"""Every public function, class and method has a docstring, and its examples run."""

import doctest
import inspect

import pytest

import sudokit

pytest.importorskip("numpy")  # some examples use it


def public_items():
    yield "sudokit", sudokit
    for name in sudokit.__all__:
        obj = getattr(sudokit, name)
        if callable(obj) and not (inspect.isclass(obj) and issubclass(obj, Exception)):
            yield f"sudokit.{name}", obj
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            for attr, member in vars(obj).items():
                if not attr.startswith("_"):
                    yield f"sudokit.{name}.{attr}", member


ITEMS = list(public_items())


@pytest.mark.parametrize("name, obj", ITEMS, ids=[name for name, _ in ITEMS])
def test_docstring_examples(name, obj):
    doc = inspect.getdoc(obj)
    assert doc, f"{name} has no docstring"
    test = doctest.DocTestParser().get_doctest(doc, {"sudokit": sudokit}, name, None, 0)
    is_function = callable(obj) and not inspect.isclass(obj)
    if is_function or inspect.isclass(obj):
        assert test.examples, f"{name} has no example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, f"{name}: an example failed (see output)"
