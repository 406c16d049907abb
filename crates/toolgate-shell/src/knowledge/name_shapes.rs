//! A cheap first test of whether a program name may be in a table: for each first byte of a
//! name in the table, the lengths its names have. Every command asks the wrapper, runner and
//! sender tables about its program, and nearly every program is in none of them: a name whose
//! first byte and length no row has is refused in a few instructions, without scanning.

/// The [`NameShapes`] of a const table's names: `name_shapes_of!(TABLE, |row| row.name)`.
macro_rules! name_shapes_of {
    ($table:expr, |$row:ident| $name:expr) => {{
        let mut shapes = $crate::knowledge::name_shapes::NameShapes::EMPTY;
        let mut i = 0;
        while i < $table.len() {
            let $row = &$table[i];
            shapes = shapes.with($name);
            i += 1;
        }
        shapes
    }};
}
pub(crate) use name_shapes_of;

/// The first bytes and lengths of a table's names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NameShapes([u32; 256]);

/// The bit of a name's length (31: 31 bytes or more).
const fn length_bit(len: usize) -> u32 {
    1 << if len < 31 { len } else { 31 }
}

impl NameShapes {
    /// No name.
    pub(crate) const EMPTY: NameShapes = NameShapes([0; 256]);

    /// These shapes and `name`'s.
    pub(crate) const fn with(mut self, name: &str) -> NameShapes {
        let bytes = name.as_bytes();
        if !bytes.is_empty() {
            self.0[bytes[0] as usize] |= length_bit(bytes.len());
        }
        self
    }

    /// Whether a name of the table may be `name` (false: it is certainly none of them).
    pub(crate) fn may_hold(&self, name: &str) -> bool {
        match name.as_bytes().first() {
            Some(&first) => self.0[usize::from(first)] & length_bit(name.len()) != 0,
            None => true,
        }
    }
}

/// A finer test than [`NameShapes`] for a large table (a Bloom filter of 4,096 bits, two per
/// name, by FNV-1a): a name not in the table passes it about once in fifty for 300 names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NameFilter([u64; 64]);

/// FNV-1a, 64 bits.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// The two bits of a name: from the low and the high half of its hash.
const fn filter_bits(name: &str) -> [usize; 2] {
    let hash = fnv1a(name.as_bytes());
    [(hash & 4095) as usize, ((hash >> 32) & 4095) as usize]
}

impl NameFilter {
    /// No name.
    pub(crate) const EMPTY: NameFilter = NameFilter([0; 64]);

    /// This filter and `name`.
    pub(crate) const fn with(mut self, name: &str) -> NameFilter {
        let bits = filter_bits(name);
        let mut i = 0;
        while i < 2 {
            self.0[bits[i] / 64] |= 1 << (bits[i] % 64);
            i += 1;
        }
        self
    }

    /// Whether a name of the table may be `name` (false: it is certainly none of them).
    pub(crate) fn may_hold(&self, name: &str) -> bool {
        filter_bits(name)
            .iter()
            .all(|&b| self.0[b / 64] & (1 << (b % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::{NameFilter, NameShapes};

    #[test]
    fn a_filter_holds_its_names_and_refuses_others() {
        let names = ["ln", "tee", "aws", "gcloud", "kubectl", "rm"];
        let mut filter = NameFilter::EMPTY;
        for n in names {
            filter = filter.with(n);
        }
        for n in names {
            assert!(filter.may_hold(n), "{n}");
        }
        for n in ["ls", "cat", "git", "npm", "echo"] {
            assert!(!filter.may_hold(n), "{n}");
        }
    }

    #[test]
    fn names_of_the_table_pass_and_others_mostly_do_not() {
        let shapes = NameShapes::EMPTY
            .with("curl")
            .with("nc")
            .with("a-very-long-program-name-beyond-31");
        for name in [
            "curl",
            "nc",
            "a-very-long-program-name-beyond-31",
            "cure",
            "ab-much-longer-than-thirty-one-bytes",
        ] {
            assert!(shapes.may_hold(name), "{name}");
        }
        for name in ["ls", "git", "npm", "c", "curly"] {
            assert!(!shapes.may_hold(name), "{name}");
        }
    }
}
