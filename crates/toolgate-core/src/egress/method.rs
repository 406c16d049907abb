//! HTTP methods: RFC 9110 tokens, upper-cased in ASCII only.

use std::fmt;

/// Methods refused unless a policy lists them: tunnels and request echo.
pub const RISKY_METHODS: &[&str] = &["CONNECT", "TRACE", "TRACK"];

/// A valid HTTP method, upper-cased.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Method(String);

/// Why a method is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MethodError {
    /// An empty method where one is required (in a policy).
    #[error("empty method")]
    Empty,
    /// A character that is not an RFC 9110 token character.
    #[error("not an RFC 9110 token")]
    NotAToken,
    /// Longer than [`MAX_METHOD_LEN`] bytes.
    #[error("method longer than 32 bytes")]
    TooLong,
}

/// Longest method accepted, in bytes (the longest registered method is 17 bytes).
pub const MAX_METHOD_LEN: usize = 32;

fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

impl Method {
    /// Parses a method: an RFC 9110 token, upper-cased in ASCII (no Unicode case folding).
    pub fn parse(s: &str) -> Result<Method, MethodError> {
        Method::validate(s)?;
        Ok(Method(s.to_ascii_uppercase()))
    }

    /// Checks that `s` is an RFC 9110 token, without building a [`Method`].
    pub fn validate(s: &str) -> Result<(), MethodError> {
        if s.is_empty() {
            return Err(MethodError::Empty);
        }
        if !s.bytes().all(is_tchar) {
            return Err(MethodError::NotAToken);
        }
        if s.len() > MAX_METHOD_LEN {
            return Err(MethodError::TooLong);
        }
        Ok(())
    }

    /// The upper-cased method.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the method is CONNECT, TRACE or TRACK.
    pub fn is_risky(&self) -> bool {
        RISKY_METHODS.contains(&self.0.as_str())
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_upper_cased_in_ascii_only() {
        assert_eq!(Method::parse("post").unwrap().as_str(), "POST");
        assert_eq!(Method::parse("poſt"), Err(MethodError::NotAToken));
        assert_eq!(Method::parse("GET "), Err(MethodError::NotAToken));
        assert_eq!(
            Method::parse("GET /x HTTP/1.1\r\nHost: e"),
            Err(MethodError::NotAToken)
        );
        assert_eq!(Method::parse(""), Err(MethodError::Empty));
        assert!(Method::parse(&"A".repeat(32)).is_ok());
        assert_eq!(Method::parse(&"A".repeat(33)), Err(MethodError::TooLong));
        assert!(Method::parse("connect").unwrap().is_risky());
        assert!(!Method::parse("PATCH").unwrap().is_risky());
    }
}
