// The Python the run-code tool's interpreter thread (run-python.worker.ts) runs once at start-up.
// It is Python source in a string: the worker hands it to Pyodide before sealing code generation.

/**
 * Python's side: the run itself (a fresh namespace, the last expression's repr like the Python
 * shell, an error as "Type: message (line n)") and the reset before each run.
 */
export const SETUP = `
import builtins, gc, json, os, shutil, sys, traceback
from pyodide.code import eval_code

_SCRATCH = "/scratch"
os.makedirs(_SCRATCH, exist_ok=True)
os.chdir(_SCRATCH)

def _no_input(prompt=""):
    raise EOFError("input() cannot read anything in the sandbox")

builtins.input = _no_input

def _no_network(*args, **kwargs):
    raise OSError(101, "Network is unreachable: the sandbox has no network")

import socket as _socket
_socket.socket.connect = _no_network
_socket.socket.connect_ex = _no_network
_socket.create_connection = _no_network
_socket.getaddrinfo = _no_network
del _socket

_BASE_MODULES = set(sys.modules)
_BASE_BUILTINS = dict(builtins.__dict__)
_BASE_ENV = dict(os.environ)
_BASE_PATH = list(sys.path)
_BASE_RECURSION = sys.getrecursionlimit()
_STREAMS = (sys.stdout, sys.stderr, sys.stdin)

def _empty(folder):
    for name in os.listdir(folder):
        target = os.path.join(folder, name)
        if os.path.isdir(target) and not os.path.islink(target):
            shutil.rmtree(target, ignore_errors=True)
        else:
            try:
                os.remove(target)
            except OSError:
                pass

def _nexus_reset():
    for name in list(sys.modules):
        if name not in _BASE_MODULES:
            del sys.modules[name]
    extra = [k for k in builtins.__dict__ if k not in _BASE_BUILTINS]
    builtins.__dict__.update(_BASE_BUILTINS)
    for k in extra:
        del builtins.__dict__[k]
    os.environ.clear()
    os.environ.update(_BASE_ENV)
    sys.path[:] = _BASE_PATH
    sys.stdout, sys.stderr, sys.stdin = _STREAMS
    sys.setrecursionlimit(_BASE_RECURSION)
    os.chdir("/")
    _empty("/tmp")
    _empty(_SCRATCH)
    os.chdir(_SCRATCH)
    gc.collect()

def _line_of(error):
    if isinstance(error, SyntaxError) and error.filename == "<code>":
        return error.lineno
    line = None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<code>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line

def _nexus_run(source, max_result):
    _nexus_reset()
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    try:
        value = eval_code(source, namespace, filename="<code>")
        text = None if value is None else repr(value)
        if text is not None and len(text) > max_result:
            text = text[: max_result + 1]
        return json.dumps({"result": text, "error": None, "kind": None, "line": None})
    except BaseException as error:
        kind = type(error).__name__
        message = "".join(traceback.format_exception_only(type(error), error)).strip()
        message = message.splitlines()[-1] if message else kind
        if isinstance(error, SyntaxError):
            message = f"{kind}: {error.msg}"
        if isinstance(error, ModuleNotFoundError):
            message += " (the sandbox has Python's standard library only)"
        return json.dumps({"result": None, "error": message, "kind": kind, "line": _line_of(error)})
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:
            pass
        namespace.clear()
`;
