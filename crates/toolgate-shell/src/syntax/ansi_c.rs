//! Decoding bash's ANSI-C quoting (`$'…'`), so that `$'\x72m'` is seen as `rm`.

/// Decodes the inside of `$'…'` the way bash does. A decoded NUL ends the string, as in bash.
/// Bytes that are not UTF-8 become U+FFFD.
pub fn decode(inner: &str) -> String {
    let b = inner.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let e = b[i + 1];
        i += 2;
        let simple = match e {
            b'a' => Some(0x07),
            b'b' => Some(0x08),
            b'e' | b'E' => Some(0x1b),
            b'f' => Some(0x0c),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(0x0b),
            b'\\' | b'\'' | b'"' | b'?' => Some(e),
            _ => None,
        };
        if let Some(v) = simple {
            out.push(v);
            continue;
        }
        match e {
            b'0'..=b'7' => {
                let (v, used) = number(&b[i - 1..], 8, 3);
                i += used - 1;
                if v == 0 {
                    break;
                }
                out.push((v & 0xff) as u8);
            }
            b'x' => {
                let (v, used) = number(&b[i..], 16, 2);
                if used == 0 {
                    out.extend_from_slice(b"\\x");
                    continue;
                }
                i += used;
                if v == 0 {
                    break;
                }
                out.push(v as u8);
            }
            b'u' | b'U' => {
                let max = if e == b'u' { 4 } else { 8 };
                let (v, used) = number(&b[i..], 16, max);
                if used == 0 {
                    out.push(b'\\');
                    out.push(e);
                    continue;
                }
                i += used;
                if v == 0 {
                    break;
                }
                let c = char::from_u32(v).unwrap_or('\u{fffd}');
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            b'c' if i < b.len() => {
                // `\cX`: the control character of X (`\c?` is DEL).
                let x = b[i];
                i += 1;
                let v = if x == b'?' {
                    0x7f
                } else {
                    x.to_ascii_uppercase() & 0x1f
                };
                if v == 0 {
                    break;
                }
                out.push(v);
            }
            _ => {
                // Unknown escapes stay as written.
                out.push(b'\\');
                out.push(e);
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads up to `max` digits of `radix` from the start of `b`: (value, digits used).
fn number(b: &[u8], radix: u32, max: usize) -> (u32, usize) {
    let mut v: u32 = 0;
    let mut used = 0;
    while used < max && used < b.len() {
        let Some(d) = (b[used] as char).to_digit(radix) else {
            break;
        };
        v = v.wrapping_mul(radix).wrapping_add(d);
        used += 1;
    }
    (v, used)
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_bash_escapes() {
        assert_eq!(decode(r"\x2fhome\x2fu"), "/home/u");
        assert_eq!(decode(r"\x72m"), "rm");
        assert_eq!(decode(r"\162\155"), "rm");
        assert_eq!(decode(r"\u0070ush"), "push");
        assert_eq!(decode(r"\U00000070"), "p");
        assert_eq!(decode(r#"a\tb\nc\\d\'e\"f\?"#), "a\tb\nc\\d'e\"f?");
        assert_eq!(decode(r"\a\b\e\E\f\r\v"), "\x07\x08\x1b\x1b\x0c\r\x0b");
        assert_eq!(decode(r"\cA\c?"), "\x01\x7f");
        assert_eq!(decode(r"ab\x00cd"), "ab");
        assert_eq!(decode(r"ab\0cd"), "ab");
        assert_eq!(decode(r"\q\x"), r"\q\x");
    }
}
