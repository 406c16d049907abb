//! memcached: lines of its text protocol, as `nc HOST 11211` sends what it reads from stdin.

use super::{DataLoss, DataScan};

/// Commands that invalidate every item, by name.
const FLUSH_COMMANDS: &[(&str, DataLoss)] = &[("flush_all", DataLoss::MemcachedFlushAll)];

/// What the lines of `text` would do, each line one command (its name the first word; the
/// server reads names in lower case, any case is taken here).
pub fn scan_script(text: &str) -> DataScan {
    let mut out = DataScan::default();
    for line in text.lines() {
        let Some(name) = line.split_ascii_whitespace().next() else {
            continue;
        };
        if let Some((_, loss)) = FLUSH_COMMANDS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            out.add(*loss);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flush_all_on_any_line() {
        assert_eq!(
            scan_script("flush_all\r\n").losses,
            [DataLoss::MemcachedFlushAll]
        );
        assert_eq!(
            scan_script("stats\r\nflush_all 10 noreply\r\nquit\r\n").losses,
            [DataLoss::MemcachedFlushAll]
        );
        for ok in ["stats", "get flush_all", "delete k", "", "\r\n"] {
            assert!(scan_script(ok).is_clean(), "{ok:?}");
        }
    }
}
