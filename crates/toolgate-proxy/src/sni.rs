//! A strict reader of the TLS ClientHello's server name (SNI), without terminating TLS.
//!
//! [`scan`] looks at the first bytes a client sent into a tunnel. Bytes that do not start
//! with a TLS handshake record are not TLS (any TCP protocol passes). Bytes that do must hold
//! a well-formed ClientHello (possibly split over several records, RFC 8446 §5.1): record
//! and handshake lengths consistent, no duplicate extension, at most one `host_name` in a
//! `server_name` extension, a name of DNS characters. Anything else is [`TlsError`], which the
//! proxy refuses (a ClientHello it cannot read could hide the name it would check).

/// Largest ClientHello accepted, in handshake bytes (real ones are under 2 KiB; post-quantum
/// key shares keep them well under this).
pub const MAX_CLIENT_HELLO: usize = 64 * 1024;

/// Largest TLS plaintext record (RFC 8446 §5.1).
const MAX_RECORD: usize = 16 * 1024;

const HANDSHAKE_RECORD: u8 = 0x16;
const CLIENT_HELLO: u8 = 0x01;
const SERVER_NAME_EXTENSION: u16 = 0x0000;
const HOST_NAME_TYPE: u8 = 0x00;

/// What the first bytes of a tunnel are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scan {
    /// More bytes are needed to decide.
    NeedMore,
    /// Not a TLS handshake record: not TLS.
    NotTls,
    /// A complete ClientHello.
    ClientHello {
        /// The server name, as sent (ASCII), if any.
        sni: Option<String>,
    },
}

/// Why bytes that start like TLS are not a well-formed ClientHello.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TlsError {
    /// A record header with a bad version, a zero or oversized length, or a record of another
    /// type before the ClientHello is complete.
    #[error("malformed TLS record")]
    Record,
    /// The first handshake message is not a ClientHello.
    #[error("not a ClientHello")]
    NotClientHello,
    /// The ClientHello is larger than [`MAX_CLIENT_HELLO`].
    #[error("ClientHello too large")]
    TooLarge,
    /// Lengths inside the ClientHello do not add up.
    #[error("malformed ClientHello")]
    Malformed,
    /// An extension appears twice.
    #[error("duplicate TLS extension")]
    DuplicateExtension,
    /// The `server_name` extension is malformed, empty, or names more than one host.
    #[error("malformed server_name extension")]
    ServerName,
}

/// Reads the first bytes of a tunnel. See the module documentation.
pub fn scan(buf: &[u8]) -> Result<Scan, TlsError> {
    let Some(&first) = buf.first() else {
        return Ok(Scan::NeedMore);
    };
    if first != HANDSHAKE_RECORD {
        return Ok(Scan::NotTls);
    }
    let mut handshake: Vec<u8> = Vec::new();
    let mut pos = 0usize;
    loop {
        let header = &buf[pos.min(buf.len())..buf.len().min(pos + 5)];
        if header.len() >= 2 && header[1] != 0x03 {
            return Err(TlsError::Record);
        }
        if header.first().is_some_and(|t| *t != HANDSHAKE_RECORD) {
            return Err(TlsError::Record);
        }
        if header.len() < 5 {
            return Ok(Scan::NeedMore);
        }
        let len = usize::from(u16::from_be_bytes([header[3], header[4]]));
        if len == 0 || len > MAX_RECORD {
            return Err(TlsError::Record);
        }
        let Some(payload) = buf.get(pos + 5..pos + 5 + len) else {
            return Ok(Scan::NeedMore);
        };
        handshake.extend_from_slice(payload);
        pos += 5 + len;
        if handshake[0] != CLIENT_HELLO {
            return Err(TlsError::NotClientHello);
        }
        if handshake.len() < 4 {
            continue;
        }
        let body_len = (usize::from(handshake[1]) << 16)
            | (usize::from(handshake[2]) << 8)
            | usize::from(handshake[3]);
        if body_len > MAX_CLIENT_HELLO {
            return Err(TlsError::TooLarge);
        }
        if handshake.len() < 4 + body_len {
            if pos >= buf.len() {
                return Ok(Scan::NeedMore);
            }
            continue;
        }
        if handshake.len() > 4 + body_len {
            // Another handshake message in the first flight: not a client's first flight.
            return Err(TlsError::Malformed);
        }
        let sni = client_hello_sni(&handshake[4..])?;
        return Ok(Scan::ClientHello { sni });
    }
}

/// A cursor over a byte slice whose reads fail at the end.
struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TlsError> {
        if self.rest.len() < n {
            return Err(TlsError::Malformed);
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, TlsError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, TlsError> {
        let b = self.take(2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    fn vec8(&mut self) -> Result<&'a [u8], TlsError> {
        let n = usize::from(self.u8()?);
        self.take(n)
    }

    fn vec16(&mut self) -> Result<&'a [u8], TlsError> {
        let n = usize::from(self.u16()?);
        self.take(n)
    }
}

fn client_hello_sni(body: &[u8]) -> Result<Option<String>, TlsError> {
    let mut r = Reader { rest: body };
    let version = r.u16()?;
    if version >> 8 != 0x03 {
        return Err(TlsError::Malformed);
    }
    r.take(32)?;
    if r.vec8()?.len() > 32 {
        return Err(TlsError::Malformed);
    }
    let suites = r.vec16()?;
    if suites.is_empty() || suites.len() % 2 != 0 {
        return Err(TlsError::Malformed);
    }
    if r.vec8()?.is_empty() {
        return Err(TlsError::Malformed);
    }
    if r.rest.is_empty() {
        return Ok(None);
    }
    let extensions = r.vec16()?;
    if !r.rest.is_empty() {
        return Err(TlsError::Malformed);
    }
    let mut ext = Reader { rest: extensions };
    let mut seen: Vec<u16> = Vec::new();
    let mut sni = None;
    while !ext.rest.is_empty() {
        let kind = ext.u16()?;
        let data = ext.vec16()?;
        if seen.contains(&kind) {
            return Err(TlsError::DuplicateExtension);
        }
        seen.push(kind);
        if kind == SERVER_NAME_EXTENSION {
            sni = Some(server_name(data)?);
        }
    }
    Ok(sni)
}

fn server_name(data: &[u8]) -> Result<String, TlsError> {
    let mut r = Reader { rest: data };
    let list = r.vec16().map_err(|_| TlsError::ServerName)?;
    if !r.rest.is_empty() || list.is_empty() {
        return Err(TlsError::ServerName);
    }
    let mut entries = Reader { rest: list };
    let mut name: Option<String> = None;
    while !entries.rest.is_empty() {
        let kind = entries.u8().map_err(|_| TlsError::ServerName)?;
        let value = entries.vec16().map_err(|_| TlsError::ServerName)?;
        if kind != HOST_NAME_TYPE {
            continue;
        }
        let valid = !value.is_empty()
            && value.len() <= 255
            && value
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'));
        if !valid || name.is_some() {
            return Err(TlsError::ServerName);
        }
        name = Some(String::from_utf8_lossy(value).into_owned());
    }
    name.ok_or(TlsError::ServerName)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ClientHello with the given extensions, in one record.
    fn hello(extensions: &[(u16, Vec<u8>)]) -> Vec<u8> {
        let mut body = vec![0x03, 0x03];
        body.extend([7u8; 32]);
        body.push(0);
        body.extend([0x00, 0x02, 0x13, 0x01]);
        body.extend([0x01, 0x00]);
        let mut ext = Vec::new();
        for (kind, data) in extensions {
            ext.extend(kind.to_be_bytes());
            ext.extend((data.len() as u16).to_be_bytes());
            ext.extend(data);
        }
        body.extend((ext.len() as u16).to_be_bytes());
        body.extend(ext);
        let mut hs = vec![CLIENT_HELLO, 0, (body.len() >> 8) as u8, body.len() as u8];
        hs.extend(body);
        let mut rec = vec![HANDSHAKE_RECORD, 0x03, 0x01];
        rec.extend((hs.len() as u16).to_be_bytes());
        rec.extend(hs);
        rec
    }

    fn sni_ext(names: &[&str]) -> (u16, Vec<u8>) {
        let mut list = Vec::new();
        for n in names {
            list.push(HOST_NAME_TYPE);
            list.extend((n.len() as u16).to_be_bytes());
            list.extend(n.as_bytes());
        }
        let mut data = (list.len() as u16).to_be_bytes().to_vec();
        data.extend(list);
        (SERVER_NAME_EXTENSION, data)
    }

    #[test]
    fn reads_the_server_name() {
        let h = hello(&[(0x000a, vec![0, 2, 0, 29]), sni_ext(&["api.example.com"])]);
        assert_eq!(
            scan(&h),
            Ok(Scan::ClientHello {
                sni: Some("api.example.com".into())
            })
        );
        assert_eq!(
            scan(&hello(&[(0x000a, vec![0, 2, 0, 29])])),
            Ok(Scan::ClientHello { sni: None })
        );
    }

    #[test]
    fn every_prefix_needs_more() {
        let h = hello(&[sni_ext(&["a.example"])]);
        for n in 0..h.len() {
            assert_eq!(scan(&h[..n]), Ok(Scan::NeedMore), "prefix {n}");
        }
    }

    #[test]
    fn a_hello_split_over_records_is_reassembled() {
        let h = hello(&[sni_ext(&["split.example"])]);
        let hs = &h[5..];
        let (a, b) = hs.split_at(10);
        let mut two = Vec::new();
        for part in [a, b] {
            two.extend([HANDSHAKE_RECORD, 0x03, 0x03]);
            two.extend((part.len() as u16).to_be_bytes());
            two.extend(part);
        }
        assert_eq!(
            scan(&two),
            Ok(Scan::ClientHello {
                sni: Some("split.example".into())
            })
        );
    }

    #[test]
    fn other_protocols_are_not_tls() {
        for b in [
            &b"GET / HTTP/1.1\r\n"[..],
            b"SSH-2.0-x\r\n",
            b"\x05\x01\x00",
        ] {
            assert_eq!(scan(b), Ok(Scan::NotTls));
        }
    }

    #[test]
    fn malformed_hellos_are_errors() {
        assert_eq!(
            scan(&hello(&[sni_ext(&["a.example", "b.example"])])),
            Err(TlsError::ServerName)
        );
        assert_eq!(
            scan(&hello(&[sni_ext(&["a.example"]), sni_ext(&["a.example"])])),
            Err(TlsError::DuplicateExtension)
        );
        assert_eq!(
            scan(&hello(&[sni_ext(&["bad name"])])),
            Err(TlsError::ServerName)
        );
        assert_eq!(
            scan(&hello(&[(SERVER_NAME_EXTENSION, vec![])])),
            Err(TlsError::ServerName)
        );
        let mut h = hello(&[sni_ext(&["a.example"])]);
        h[5] = 0x02;
        assert_eq!(scan(&h), Err(TlsError::NotClientHello));
        assert_eq!(scan(&[0x16, 0x02]), Err(TlsError::Record));
        assert_eq!(scan(&[0x16, 0x03, 0x01, 0x00, 0x00]), Err(TlsError::Record));
        assert_eq!(scan(&[0x16, 0x03, 0x01, 0x48, 0x01]), Err(TlsError::Record));
        let mut h = hello(&[sni_ext(&["a.example"])]);
        h.extend([0x17, 0x03, 0x03, 0x00, 0x01, 0x00]);
        let len = h.len();
        // Bytes after a complete hello are the caller's; a hello followed by application
        // data still reads.
        assert!(matches!(scan(&h[..len]), Ok(Scan::ClientHello { .. })));
    }
}
