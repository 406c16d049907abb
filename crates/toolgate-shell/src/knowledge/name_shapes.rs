//! A cheap first test of whether a program name may be in a table: for each first byte of a
//! name in the table, the lengths its names have. Every command asks the wrapper, runner and
//! sender tables about its program, and nearly every program is in none of them: a name whose
//! first byte and length no row has is refused in a few instructions, without scanning.

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

#[cfg(test)]
mod tests {
    use super::NameShapes;

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
