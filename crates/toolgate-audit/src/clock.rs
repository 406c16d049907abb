//! Timestamps (RFC 3339, UTC, milliseconds) and decision ids (UUID version 7), without a
//! date crate.

use std::hash::{BuildHasher, Hasher};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch, now.
pub fn now_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// `2026-12-03T14:00:00.123Z` for `millis` since the epoch.
pub fn rfc3339_millis(millis: u64) -> String {
    let secs = millis / 1000;
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60,
        millis % 1000
    )
}

/// Milliseconds since the epoch for an RFC 3339 UTC time as [`rfc3339_millis`] writes it
/// (`Z` suffix, optional fraction). `None` for anything else.
pub fn parse_rfc3339_millis(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || !text.ends_with('Z') {
        return None;
    }
    let num = |r: std::ops::Range<usize>| text.get(r)?.parse::<u64>().ok();
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let frac = &text[19..text.len() - 1];
    let ms = match frac.strip_prefix('.') {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) => {
            let mut padded = digits.to_string();
            padded.truncate(3);
            while padded.len() < 3 {
                padded.push('0');
            }
            padded.parse::<u64>().ok()?
        }
        None if frac.is_empty() => 0,
        _ => return None,
    };
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    let days = days_from_civil(y as i64, mo as u32, d as u32);
    let secs = u64::try_from(days).ok()? * 86_400 + h * 3600 + mi * 60 + s;
    Some(secs * 1000 + ms)
}

/// The day (`YYYY-MM-DD`) of an RFC 3339 time.
pub fn day_of(ts: &str) -> &str {
    ts.get(..10).unwrap_or(ts)
}

// Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// 64 unpredictable bits: SipHash under the process's randomly keyed `RandomState` (seeded by
/// the OS; each call takes a fresh key), so no random-number crate is needed for ids.
pub fn random_u64(salt: u64) -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(salt);
    h.write_u32(std::process::id());
    h.finish()
}

/// A UUID version 7 (time-ordered) for `millis`.
pub fn uuid_v7(millis: u64) -> String {
    let a = random_u64(millis);
    let b = random_u64(a);
    let mut bytes = [0u8; 16];
    bytes[..6].copy_from_slice(&millis.to_be_bytes()[2..]);
    bytes[6..14].copy_from_slice(&a.to_be_bytes());
    bytes[14..].copy_from_slice(&b.to_be_bytes()[..2]);
    bytes[6] = 0x70 | (bytes[6] & 0x0f);
    bytes[8] = 0x80 | (bytes[8] & 0x3f);
    let hex = crate::digest::hex(&bytes);
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses_known_instants() {
        for (ms, text) in [
            (0, "1970-01-01T00:00:00.000Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (1_796_306_400_123, "2026-12-03T14:00:00.123Z"),
            (4_102_444_799_999, "2099-12-31T23:59:59.999Z"),
        ] {
            assert_eq!(rfc3339_millis(ms), text);
            assert_eq!(parse_rfc3339_millis(text), Some(ms), "{text}");
        }
        assert_eq!(
            parse_rfc3339_millis("2026-12-03T14:00:00Z"),
            Some(1_796_306_400_000)
        );
        assert_eq!(
            parse_rfc3339_millis("2026-12-03T14:00:00.5Z"),
            Some(1_796_306_400_500)
        );
        for bad in [
            "",
            "2026-12-03",
            "2026-13-03T14:00:00Z",
            "2026-12-03T14:00:00+01:00",
        ] {
            assert_eq!(parse_rfc3339_millis(bad), None, "{bad}");
        }
        assert_eq!(day_of("2026-12-03T14:00:00.123Z"), "2026-12-03");
    }

    #[test]
    fn uuid_v7_has_version_variant_and_time() {
        let a = uuid_v7(1_796_306_400_123);
        let b = uuid_v7(1_796_306_400_123);
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "7");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"), "{a}");
        assert_eq!(
            u64::from_str_radix(&a[..8], 16).unwrap() << 16
                | u64::from_str_radix(&a[9..13], 16).unwrap(),
            1_796_306_400_123
        );
    }
}
