//! SHA-256 of lines and policies, the keyed hash (HMAC-SHA-256) of inputs, canonical JSON,
//! and the key file.
//!
//! The input hash is keyed so that someone who holds the log but not the key cannot confirm a
//! guess of what the agent ran (`cat ~/.ssh/id_rsa` hashes differently on every machine).

use std::io::{Read, Write};
use std::path::Path;

use hmac::{Hmac, KeyInit, Mac};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The name of the key file created beside the log when `log.key_file` is not set.
pub const DEFAULT_KEY_FILE_NAME: &str = "toolgate-log.key";
/// The `prev_sha256` of the first line of a log.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
/// The prefix of `input_hash` values.
pub const INPUT_HASH_SCHEME: &str = "hmac-sha256:";

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// SHA-256 of `bytes`, as hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// `hmac-sha256:<hex>` of the canonical JSON of `{"input": input, "tool": tool}` under `key`.
pub fn input_hash(key: &[u8], tool: &str, input: &Value) -> String {
    let mut text = String::from("{\"input\":");
    canonical_json(input, &mut text);
    text.push_str(",\"tool\":");
    text.push_str(&Value::String(tool.to_string()).to_string());
    text.push('}');
    // HMAC accepts keys of any length.
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(text.as_bytes());
    format!("{INPUT_HASH_SCHEME}{}", hex(&mac.finalize().into_bytes()))
}

/// JSON with object keys sorted at every level and no spaces, so the same value always hashes
/// the same whatever order its keys arrived in.
pub fn canonical_json(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String((*k).clone()).to_string());
                out.push(':');
                canonical_json(&map[k.as_str()], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical_json(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// Reads the key at `path`, creating it (32 random bytes as hex, mode 0600) when it does not
/// exist. Creation is atomic: the key is written to a private temporary file and linked into
/// place, so a concurrent reader never sees a partial key and two creators agree on one.
pub fn load_or_create_key(path: &Path) -> std::io::Result<Vec<u8>> {
    match read_key(path) {
        Ok(key) => return Ok(key),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        Err(_) => {}
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::writer::create_private_dir(dir)?;
    }
    let tmp = path.with_extension(format!(
        "tmp-{}-{:x}",
        std::process::id(),
        crate::clock::random_u64(0)
    ));
    let written = (|| {
        let mut f = crate::writer::private_options()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(hex(&random_key()?).as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()
    })();
    let linked = written.and_then(|()| std::fs::hard_link(&tmp, path));
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => {}
        // Another process created it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    read_key(path)
}

fn read_key(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut text = String::new();
    std::fs::File::open(path)?.read_to_string(&mut text)?;
    let key = text.trim();
    if key.len() < 32 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "the log key file holds fewer than 32 characters",
        ));
    }
    Ok(key.as_bytes().to_vec())
}

fn random_key() -> std::io::Result<[u8; 32]> {
    let mut key = [0u8; 32];
    #[cfg(unix)]
    {
        std::fs::File::open("/dev/urandom")?.read_exact(&mut key)?;
    }
    #[cfg(not(unix))]
    {
        for (i, chunk) in key.chunks_mut(8).enumerate() {
            chunk.copy_from_slice(&crate::clock::random_u64(i as u64).to_le_bytes());
        }
    }
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sha256_of_known_text() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn canonical_json_sorts_keys_at_every_level() {
        let a: Value =
            serde_json::from_str(r#"{"b":1,"a":{"y":[1,{"d":2,"c":3}],"x":"é"}}"#).unwrap();
        let mut s = String::new();
        canonical_json(&a, &mut s);
        assert_eq!(s, r#"{"a":{"x":"é","y":[1,{"c":3,"d":2}]},"b":1}"#);
    }

    #[test]
    fn input_hash_is_keyed_and_order_free() {
        let x = json!({"command": "ls", "description": "d"});
        let y: Value = serde_json::from_str(r#"{"description":"d","command":"ls"}"#).unwrap();
        let k1 = b"0123456789abcdef0123456789abcdef";
        let k2 = b"fedcba9876543210fedcba9876543210";
        assert_eq!(input_hash(k1, "Bash", &x), input_hash(k1, "Bash", &y));
        assert_ne!(input_hash(k1, "Bash", &x), input_hash(k2, "Bash", &x));
        assert_ne!(input_hash(k1, "Bash", &x), input_hash(k1, "Read", &x));
        assert!(input_hash(k1, "Bash", &x).starts_with(INPUT_HASH_SCHEME));
        // RFC 4231 test case 2, to show this is HMAC-SHA-256.
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        assert_eq!(
            hex(&mac.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn key_file_is_created_private_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/toolgate-log.key");
        let a = load_or_create_key(&path).unwrap();
        let b = load_or_create_key(&path).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "short\n").unwrap();
        assert!(load_or_create_key(&path).is_err());
    }
}
