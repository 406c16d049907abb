//! Files a tool call must not write: Claude Code's settings (where the hook is registered) and
//! toolgate's own policy and binary. The list lives in `toolgate_core::protected`, shared with
//! the shell rule `TG-CMD-PROTECTED-WRITE`; the engine re-exports what it exposed before.

pub use toolgate_core::protected::{ProtectedKind, protected_kind};

#[cfg(test)]
mod tests {
    // The cases of the list itself are tested where it lives, in `toolgate_core::protected`.

    #[test]
    fn policy_file_names_are_the_discovery_names() {
        assert_eq!(
            toolgate_core::protected::POLICY_FILE_NAMES,
            crate::PROTECTED_POLICY_NAMES
        );
    }
}
