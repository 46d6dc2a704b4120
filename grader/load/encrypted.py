"""ok's encrypted files: tests (or sources) a course hands out locked with a key, and
gives the key when it releases them (`python3 ok --decrypt KEY`).

The format is ok's (client/utils/encryption.py): a header line, a line of dashes, then
JSON with the initialisation vector, the ciphertext (AES-256-CBC, PKCS#7 padding, the
plaintext padded with NULs) and the SHA-256 of the key, each in base32 with "9" for
"=", lower case. A key is 52 base32 letters and "9999". Decryption uses pyaes, the
library ok itself uses.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Iterable, List, Tuple
from ..untrusted import loads as json_loads

HEADER = "OKPY ENCRYPTED FILE FOLLOWS\n" + "-" * 100 + "\n"
KEY = re.compile(r"[a-z2-7]{52}9999")


class WrongKey(Exception):
    """The key is not the one the file was encrypted with."""


def is_encrypted(text: str) -> bool:
    return text.startswith(HEADER)


def file_is_encrypted(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(HEADER)) == HEADER.encode()
    except OSError:
        return False


def keys_in(text: str) -> List[str]:
    """Every key written in TEXT (what a student pastes: one key, several, a page)."""
    return KEY.findall(text)


def _unsafe(text: str) -> bytes:
    import base64  # (only a run that decrypts needs these)
    return base64.b32decode(text.upper().replace("9", "=").encode("ascii"))


def _key_hash(key: str) -> str:
    import hashlib
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def decrypt(text: str, key: str) -> str:
    """The plaintext of the encrypted TEXT, or WrongKey; ValueError when TEXT is not
    an encrypted file ok could have written."""
    if not is_encrypted(text):
        raise ValueError("not an encrypted file (no ok header)")
    try:
        fields = json_loads(text[len(HEADER):].strip())
        iv, ciphertext = _unsafe(fields["iv"]), _unsafe(fields["ciphertext"])
        hashed = fields["hashed_key"]
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"a damaged encrypted file ({error})") from None
    if hashed != _key_hash(key):
        raise WrongKey(key)
    import pyaes  # (only a run that decrypts needs it)
    decrypter = pyaes.Decrypter(pyaes.AESModeOfOperationCBC(_unsafe(key), iv))
    try:
        padded = decrypter.feed(ciphertext) + decrypter.feed()
        return padded.rstrip(b"\0").decode("utf-8")
    except (ValueError, TypeError, UnicodeDecodeError) as error:
        raise ValueError(f"a damaged encrypted file ({error})") from None


def decrypt_files(paths: Iterable[Path], keys: List[str]
                  ) -> Tuple[List[Path], List[Path], List[Tuple[Path, str]]]:
    """Decrypt in place each of PATHS that is encrypted, with whichever of KEYS opens
    it: (decrypted, still encrypted, damaged with why). A file is replaced whole or
    not at all."""
    done: List[Path] = []
    left: List[Path] = []
    damaged: List[Tuple[Path, str]] = []
    for path in paths:
        if not file_is_encrypted(path):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            damaged.append((path, str(error)))
            continue
        for key in keys:
            try:
                plain = decrypt(text, key)
            except WrongKey:
                continue
            except ValueError as error:
                damaged.append((path, str(error)))
                break
            spare = path.with_name(f".{path.name}.decrypting")
            spare.write_text(plain, encoding="utf-8")
            os.replace(spare, path)
            done.append(path)
            break
        else:
            left.append(path)
    return done, left, damaged
