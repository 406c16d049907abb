//! SOCKS5 messages (RFC 1928), parsed strictly from a byte buffer: the greeting (version and
//! offered methods) and the request (command, address, port). Only "no authentication" and
//! `CONNECT` are served; the parser still reads every command and address type so the
//! proxy can answer each with the right reply code.

use std::net::{Ipv4Addr, Ipv6Addr};

/// The SOCKS version byte.
pub const VERSION: u8 = 0x05;
/// The "no authentication required" method.
pub const NO_AUTH: u8 = 0x00;
/// "No acceptable methods".
pub const NO_ACCEPTABLE: u8 = 0xff;

/// A parse that may need more bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed<T> {
    /// The message and how many bytes it took.
    Done(T, usize),
    /// More bytes are needed.
    NeedMore,
}

/// The client's greeting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Greeting {
    /// Whether the client offered "no authentication".
    pub no_auth: bool,
}

/// A SOCKS5 command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// `CONNECT` (1).
    Connect,
    /// `BIND` (2).
    Bind,
    /// `UDP ASSOCIATE` (3).
    UdpAssociate,
}

/// A destination address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// Address type 1.
    Ipv4(Ipv4Addr),
    /// Address type 4.
    Ipv6(Ipv6Addr),
    /// Address type 3: a name of printable ASCII (checked as a host by the policy later).
    Domain(String),
}

impl Address {
    /// The host as the egress policy reads it (IPv6 in brackets).
    pub fn host_text(&self) -> String {
        match self {
            Address::Ipv4(a) => a.to_string(),
            Address::Ipv6(a) => format!("[{a}]"),
            Address::Domain(d) => d.clone(),
        }
    }
}

/// A client's request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The command.
    pub command: Command,
    /// The destination address.
    pub address: Address,
    /// The destination port.
    pub port: u16,
}

/// Why a SOCKS5 message is malformed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SocksError {
    /// The version byte is not 5.
    #[error("not SOCKS version 5")]
    Version,
    /// A greeting offering no method.
    #[error("no authentication method offered")]
    NoMethods,
    /// A command other than 1, 2 or 3.
    #[error("unknown SOCKS5 command")]
    UnknownCommand,
    /// The reserved byte is not zero.
    #[error("reserved byte not zero")]
    Reserved,
    /// An address type other than 1, 3 or 4.
    #[error("unknown SOCKS5 address type")]
    AddressType,
    /// An empty name, or one with bytes that are not printable ASCII.
    #[error("invalid SOCKS5 domain name")]
    Domain,
    /// Port 0.
    #[error("port 0")]
    Port,
}

/// Parses the greeting: `VER NMETHODS METHODS…`.
pub fn parse_greeting(buf: &[u8]) -> Result<Parsed<Greeting>, SocksError> {
    let Some(&version) = buf.first() else {
        return Ok(Parsed::NeedMore);
    };
    if version != VERSION {
        return Err(SocksError::Version);
    }
    let Some(&n) = buf.get(1) else {
        return Ok(Parsed::NeedMore);
    };
    if n == 0 {
        return Err(SocksError::NoMethods);
    }
    let Some(methods) = buf.get(2..2 + usize::from(n)) else {
        return Ok(Parsed::NeedMore);
    };
    Ok(Parsed::Done(
        Greeting {
            no_auth: methods.contains(&NO_AUTH),
        },
        2 + usize::from(n),
    ))
}

/// Parses a request: `VER CMD RSV ATYP DST.ADDR DST.PORT`.
pub fn parse_request(buf: &[u8]) -> Result<Parsed<Request>, SocksError> {
    if buf.is_empty() {
        return Ok(Parsed::NeedMore);
    }
    if buf[0] != VERSION {
        return Err(SocksError::Version);
    }
    let Some(&cmd) = buf.get(1) else {
        return Ok(Parsed::NeedMore);
    };
    let command = match cmd {
        1 => Command::Connect,
        2 => Command::Bind,
        3 => Command::UdpAssociate,
        _ => return Err(SocksError::UnknownCommand),
    };
    let Some(&reserved) = buf.get(2) else {
        return Ok(Parsed::NeedMore);
    };
    if reserved != 0 {
        return Err(SocksError::Reserved);
    }
    let Some(&atyp) = buf.get(3) else {
        return Ok(Parsed::NeedMore);
    };
    let (address, addr_end) = match atyp {
        1 => {
            let Some(b) = buf.get(4..8) else {
                return Ok(Parsed::NeedMore);
            };
            (Address::Ipv4(Ipv4Addr::new(b[0], b[1], b[2], b[3])), 8)
        }
        4 => {
            let Some(b) = buf.get(4..20) else {
                return Ok(Parsed::NeedMore);
            };
            let mut octets = [0u8; 16];
            octets.copy_from_slice(b);
            (Address::Ipv6(Ipv6Addr::from(octets)), 20)
        }
        3 => {
            let Some(&len) = buf.get(4) else {
                return Ok(Parsed::NeedMore);
            };
            if len == 0 {
                return Err(SocksError::Domain);
            }
            let end = 5 + usize::from(len);
            let Some(name) = buf.get(5..end) else {
                return Ok(Parsed::NeedMore);
            };
            if !name.iter().all(|b| b.is_ascii_graphic()) {
                return Err(SocksError::Domain);
            }
            (
                Address::Domain(String::from_utf8_lossy(name).into_owned()),
                end,
            )
        }
        _ => return Err(SocksError::AddressType),
    };
    let Some(p) = buf.get(addr_end..addr_end + 2) else {
        return Ok(Parsed::NeedMore);
    };
    let port = u16::from_be_bytes([p[0], p[1]]);
    if port == 0 {
        return Err(SocksError::Port);
    }
    Ok(Parsed::Done(
        Request {
            command,
            address,
            port,
        },
        addr_end + 2,
    ))
}

/// A reply: `VER REP RSV ATYP BND.ADDR BND.PORT`, with the bound address given (IPv4 or IPv6).
pub fn reply(code: u8, bound: Option<std::net::SocketAddr>) -> Vec<u8> {
    let mut out = vec![VERSION, code, 0x00];
    match bound {
        Some(std::net::SocketAddr::V6(a)) => {
            out.push(4);
            out.extend(a.ip().octets());
            out.extend(a.port().to_be_bytes());
        }
        Some(std::net::SocketAddr::V4(a)) => {
            out.push(1);
            out.extend(a.ip().octets());
            out.extend(a.port().to_be_bytes());
        }
        None => out.extend([1, 0, 0, 0, 0, 0, 0]),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greetings() {
        assert_eq!(parse_greeting(&[]), Ok(Parsed::NeedMore));
        assert_eq!(parse_greeting(&[5]), Ok(Parsed::NeedMore));
        assert_eq!(parse_greeting(&[5, 2, 0]), Ok(Parsed::NeedMore));
        assert_eq!(
            parse_greeting(&[5, 2, 2, 0]),
            Ok(Parsed::Done(Greeting { no_auth: true }, 4))
        );
        assert_eq!(
            parse_greeting(&[5, 1, 2]),
            Ok(Parsed::Done(Greeting { no_auth: false }, 3))
        );
        assert_eq!(parse_greeting(&[4, 1, 0]), Err(SocksError::Version));
        assert_eq!(parse_greeting(&[5, 0]), Err(SocksError::NoMethods));
    }

    #[test]
    fn requests_of_each_address_type() {
        let v4 = [5, 1, 0, 1, 127, 0, 0, 1, 0x1f, 0x90];
        assert_eq!(
            parse_request(&v4),
            Ok(Parsed::Done(
                Request {
                    command: Command::Connect,
                    address: Address::Ipv4(Ipv4Addr::LOCALHOST),
                    port: 8080
                },
                10
            ))
        );
        let mut v6 = vec![5, 1, 0, 4];
        v6.extend(Ipv6Addr::LOCALHOST.octets());
        v6.extend([0, 80]);
        match parse_request(&v6) {
            Ok(Parsed::Done(r, 22)) => assert_eq!(r.address.host_text(), "[::1]"),
            other => panic!("{other:?}"),
        }
        let mut d = vec![5, 1, 0, 3, 11];
        d.extend(b"example.com");
        d.extend([1, 187]);
        match parse_request(&d) {
            Ok(Parsed::Done(r, n)) => {
                assert_eq!(n, d.len());
                assert_eq!(r.address, Address::Domain("example.com".into()));
                assert_eq!(r.port, 443);
            }
            other => panic!("{other:?}"),
        }
        for n in 0..d.len() {
            assert_eq!(parse_request(&d[..n]), Ok(Parsed::NeedMore), "prefix {n}");
        }
    }

    #[test]
    fn malformed_requests() {
        assert_eq!(
            parse_request(&[5, 9, 0, 1]),
            Err(SocksError::UnknownCommand)
        );
        assert_eq!(parse_request(&[5, 1, 1, 1]), Err(SocksError::Reserved));
        assert_eq!(parse_request(&[5, 1, 0, 2]), Err(SocksError::AddressType));
        assert_eq!(parse_request(&[5, 1, 0, 3, 0]), Err(SocksError::Domain));
        assert_eq!(
            parse_request(&[5, 1, 0, 3, 3, b'a', b' ', b'b', 0, 80]),
            Err(SocksError::Domain)
        );
        assert_eq!(
            parse_request(&[5, 1, 0, 1, 1, 2, 3, 4, 0, 0]),
            Err(SocksError::Port)
        );
        assert!(matches!(
            parse_request(&[5, 2, 0, 1, 1, 2, 3, 4, 0, 1]),
            Ok(Parsed::Done(
                Request {
                    command: Command::Bind,
                    ..
                },
                _
            ))
        ));
    }

    #[test]
    fn replies() {
        assert_eq!(reply(2, None), vec![5, 2, 0, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            reply(0, Some("127.0.0.1:258".parse().unwrap())),
            vec![5, 0, 0, 1, 127, 0, 0, 1, 1, 2]
        );
        assert_eq!(reply(0, Some("[::1]:1".parse().unwrap())).len(), 22);
    }
}
