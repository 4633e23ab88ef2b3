# The Smart Tap 2.1 vector of Tests/WalletReadingTests/SmartTapSessionTests.swift, made apart from our code
# (python3-cryptography): Google's sample collector key (smart-tap-sample-app, collector 20180608, key
# version 1), ephemeral scalars 11…11 (reader) and 22…22 (phone), fixed nonces and IV. Run: python3 scripts/smart-tap-vector.py
# (ECDSA is randomised: a new run prints another signature and so other keys; the test holds one run).
from cryptography.hazmat.primitives import hashes, serialization, hmac
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
pem=b"""-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIIJtF+UHZ7FlsOTZ4zL40dHiAiQoT7Ta8eUKAyRucHl9oAoGCCqGSM49
AwEHoUQDQgAEchyXj869zfmKhRi9xP7f2AK07kEo4lE7ZlWTN14jh4YBTny+hRGR
XcUzevV9zSSPJlPHpqqu5pEwlv1xyFvE1w==
-----END EC PRIVATE KEY-----
"""
lt=serialization.load_pem_private_key(pem,None)
C=ec.EllipticCurvePublicKey
comp=lambda k: k.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
reader=ec.derive_private_key(int('11'*32,16), ec.SECP256R1())
phone=ec.derive_private_key(int('22'*32,16), ec.SECP256R1())
rn=bytes(range(1,33)); pn=bytes(range(0x41,0x61)); cid=(20180608).to_bytes(4,'big')
signed=rn+pn+cid+comp(reader)
sig=lt.sign(signed, ec.ECDSA(hashes.SHA256()))
shared=reader.exchange(ec.ECDH(), phone.public_key())
assert shared==phone.exchange(ec.ECDH(), reader.public_key())
okm=HKDF(hashes.SHA256(),48,salt=comp(phone),info=signed+sig).derive(shared)
aes,mk=okm[:16],okm[16:]
def rec(flags,tnf,typ,payload,id=b''):
    h=flags|0x10|tnf|(0x08 if id else 0)
    return bytes([h,len(typ),len(payload)])+(bytes([len(id)]) if id else b'')+typ+id+payload
n=rec(0xC0,1,b'T',b'\x00'+b'2018',b'n')
ly=rec(0xC0,4,b'ly',n)
asv=rec(0xC0,4,b'asv',ly)
iv=bytes(range(0xA0,0xAC))
e=Cipher(algorithms.AES(aes),modes.CTR(iv+b'\0'*4)).encryptor(); ct=e.update(asv)+e.finalize()
h=hmac.HMAC(mk,hashes.SHA256()); h.update(iv+ct); mac=h.finalize()
for k,v in [('readerKey',comp(reader)),('phoneKey',comp(phone)),('signature',sig),('okm',okm),('plaintext',asv),('bundle',b'\0'+iv+ct+mac)]:
    print(k, v.hex())
