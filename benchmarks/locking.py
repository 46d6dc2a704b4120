"""How much the salted scheme costs against ok's, on the shipped cases.

Locking every marked case (what `grade init` does) and checking one answer (what each
`? ` costs), salted against ok's HMAC-MD5 as the baseline, in the same process.
"""

import time

from grader import assignment
from grader.load import casefile
from grader.locking import hashes as locking


def timed(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    a = assignment.load()
    files = [casefile.read_literal(a.cases / f"{key}.py") for key in a.config["questions"]]

    def lock_all(scheme):
        return lambda: [locking.lock_changes(data, scheme, a.name) for data in files]

    ok_lock, salted_lock = timed(lock_all("ok")), timed(lock_all("salted"))
    token_ok, token_salted = locking.ok_hash(a.name, "(25, 62)"), locking.seal("(25, 62)", "(25, 62)")
    ok_check = timed(lambda: [locking.check(token_ok, "(25,62)", a.name) for _ in range(50)]) / 50
    salted_check = timed(lambda: [locking.check(token_salted, "(25,62)", a.name)
                                  for _ in range(50)]) / 50
    print(f"lock all shipped cases: ok {ok_lock * 1000:.1f} ms, salted {salted_lock * 1000:.1f} ms "
          f"({salted_lock / ok_lock:.0f}x ok)")
    print(f"check one answer: ok {ok_check * 1e6:.1f} us, salted {salted_check * 1e3:.2f} ms "
          f"({salted_check / ok_check:.0f}x ok; a brute force is slowed by the same factor)")


if __name__ == "__main__":
    main()
