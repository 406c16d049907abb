//! Knowledge tables: what toolgate knows about programs, as typed const data with consistency
//! tests. The program table ([`programs`]) has one row per program; the other tables
//! (option specs, wrappers, runners, interpreters, setup programs, git configuration) are
//! checked against it.

pub(crate) mod cloud_clis;
pub(crate) mod code_calls;
pub(crate) mod daemons;
pub(crate) mod datastores;
pub(crate) mod exfiltration;
pub(crate) mod git_config;
pub(crate) mod history;
pub(crate) mod http_apis;
pub(crate) mod interpreters;
pub(crate) mod name_shapes;
pub(crate) mod network_env;
pub(crate) mod package_config;
pub(crate) mod programs;
pub(crate) mod runners;
pub(crate) mod secret_variables;
pub(crate) mod setup;
pub(crate) mod specs;
pub(crate) mod system_files;
pub(crate) mod terminals;
pub(crate) mod variables;
pub(crate) mod windows;
pub(crate) mod wrappers;

/// A table written in two parts as one array: `a`'s rows, then `b`'s (`N` must be the sum of
/// their lengths).
pub(crate) const fn joined<T: Copy, const N: usize>(a: &[T], b: &[T]) -> [T; N] {
    assert!(a.len() + b.len() == N && N > 0);
    let mut out = [a[0]; N];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    let mut j = 0;
    while j < b.len() {
        out[a.len() + j] = b[j];
        j += 1;
    }
    out
}
