#!/usr/bin/env python3
"""Makes the signature tests' fixtures once (they are committed): run it again only to change them.

    python3 scripts/signature-fixtures.py ../shared/corpus/server-apple-library

Copies the Apple App Store Server Library test data the tests use (MIT, with its licence) into
Tests/SignaturesTests/Fixtures/server-apple-library, and writes the negative chains, made here by
Python's `cryptography` (not by eplint), to Tests/SignaturesTests/Fixtures/chains: `root.pem` (the
root they are given) and `chains.json` ({case: compact JWS}). Needs `pip install cryptography`.
"""
import base64, datetime, json, os, shutil, sys

from cryptography import x509
from cryptography.x509.oid import NameOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

corpus = sys.argv[1]
fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "SignaturesTests", "Fixtures")
apple = os.path.join(fixtures, "server-apple-library")
chains = os.path.join(fixtures, "chains")

# Apple's files, as they are in its repository.
APPLE_FILES = ["LICENSE.txt"] + ["certs/" + name for name in [
    "testCA.der", "AppleRootCA-G3.der", "AppleWWDRCA-G6.der", "real-signing-leaf.der",
    "x509-test-intermediate.der", "x509-test-leaf.der", "x509-test-intermediate-invalid-oid.der",
    "x509-test-leaf-under-invalid-oid-intermediate.der", "x509-test-leaf-invalid-oid.der",
]] + ["mock_signed_data/" + name for name in [
    "testNotification", "transactionInfo", "renewalInfo", "wrongBundleId", "missingX5CHeaderClaim",
]]
for name in APPLE_FILES:
    os.makedirs(os.path.dirname(os.path.join(apple, name)), exist_ok=True)
    shutil.copyfile(os.path.join(corpus, name), os.path.join(apple, name))

LEAF, INTERMEDIATE = "1.2.840.113635.100.6.11.1", "1.2.840.113635.100.6.2.1"
start, end = datetime.datetime(2023, 1, 1), datetime.datetime(2033, 1, 1)


def cert(name, key, issuer_name, issuer_key, ca, marker=None, not_before=start, not_after=end):
    builder = (x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer_name)]))
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(not_before).not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if marker:
        builder = builder.add_extension(
            x509.UnrecognizedExtension(x509.ObjectIdentifier(marker), b"\x05\x00"), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def key(curve=ec.SECP256R1): return ec.generate_private_key(curve())
def b64u(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def der(c): return base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()


def jws(chain, signer, alg="ES256", signed=1706169600000, env="Sandbox", flip=False):
    header = {"alg": alg, "x5c": [der(c) for c in chain]}
    payload = {"notificationType": "TEST", "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
        "version": "2.0", "signedDate": signed, "data": {"environment": env, "bundleId": "com.example"}}
    head = b64u(json.dumps(header).encode()) + "." + b64u(json.dumps(payload).encode())
    r, s = decode_dss_signature(signer.sign(head.encode(), ec.ECDSA(hashes.SHA256())))
    raw = bytearray(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
    if flip: raw[10] ^= 1
    return head + "." + b64u(bytes(raw))


root_key, intermediate_key, leaf_key = key(), key(), key()
root = cert("Test Root", root_key, "Test Root", root_key, True)
intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE)
leaf = cert("Test Leaf", leaf_key, "Test Intermediate", intermediate_key, False, LEAF)
os.makedirs(chains, exist_ok=True)
open(os.path.join(chains, "root.pem"), "wb").write(root.public_bytes(serialization.Encoding.PEM))
other_key = key()
swapped = cert("Test Leaf", other_key, "Test Intermediate", intermediate_key, False, LEAF)
other_root_key, other_intermediate_key = key(), key()
other_root = cert("Test Root", other_root_key, "Test Root", other_root_key, True)
other_intermediate = cert("Test Intermediate", other_intermediate_key, "Test Root", other_root_key, True, INTERMEDIATE)
other_leaf = cert("Test Leaf", leaf_key, "Test Intermediate", other_intermediate_key, False, LEAF)
old_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE,
    start, datetime.datetime(2023, 6, 1))
# Valid at signedDate (2024-01-25) but expired now; valid now but not yet at signedDate.
past_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE,
    start, datetime.datetime(2024, 6, 1))
later_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE,
    datetime.datetime(2025, 1, 1), end)
bare_leaf = cert("Test Leaf", leaf_key, "Test Intermediate", intermediate_key, False)
bare_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True)
# ES256 is ECDSA on P-256 (RFC 7518 §3.4): other 256-bit curves under the same root must fail.
k1_key, brainpool_key = key(ec.SECP256K1), key(ec.BrainpoolP256R1)
k1_leaf = cert("Test Leaf", k1_key, "Test Intermediate", intermediate_key, False, LEAF)
brainpool_leaf = cert("Test Leaf", brainpool_key, "Test Intermediate", intermediate_key, False, LEAF)
chain = [leaf, intermediate, root]
load = lambda name: x509.load_der_x509_certificate(open(os.path.join(apple, "certs", name), "rb").read())
g3 = [load("real-signing-leaf.der"), load("AppleWWDRCA-G6.der"), load("AppleRootCA-G3.der")]
cases = {
    "good": jws(chain, leaf_key),
    "flipped": jws(chain, leaf_key, flip=True),
    "swappedLeaf": jws([swapped, intermediate, root], leaf_key),
    "otherRoot": jws([other_leaf, other_intermediate, other_root], leaf_key),
    "expiredIntermediate": jws([leaf, old_intermediate, root], leaf_key),
    "expiredSinceSignedDate": jws([leaf, past_intermediate, root], leaf_key),
    "notYetValidAtSignedDate": jws([leaf, later_intermediate, root], leaf_key),
    "es384": jws(chain, leaf_key, alg="ES384"),
    "none": jws(chain, leaf_key, alg="none"),
    "x5c2": jws(chain[:2], leaf_key),
    "x5c4": jws(chain + [root], leaf_key),
    "leafWithoutMarker": jws([bare_leaf, intermediate, root], leaf_key),
    "intermediateWithoutMarker": jws([leaf, bare_intermediate, root], leaf_key),
    "secp256k1Leaf": jws([k1_leaf, intermediate, root], k1_key),
    "brainpoolLeaf": jws([brainpool_leaf, intermediate, root], brainpool_key),
    "xcode": jws(chain[:1], leaf_key, env="Xcode"),
    "forgedUnderG3": jws(g3, key(), signed=1767225600000),
}
with open(os.path.join(chains, "chains.json"), "w") as out:
    json.dump(cases, out, indent=1, sort_keys=True)
    out.write("\n")
