//! What inline interpreter code does with the network and with secrets.

use serde::Serialize;
use toolgate_core::path_class::SecretSource;

use super::Destination;

/// What one piece of inline interpreter code (`python -c`, `node -e`, `perl -e` …) does with
/// the network and with secrets, read with `toolgate_core::inline_network` and the secret
/// source tables.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct InlineNetwork {
    /// The code opens connections.
    #[serde(skip_serializing_if = "crate::model::is_false")]
    pub connects: bool,
    /// The code wires a shell to a socket (a reverse shell).
    #[serde(skip_serializing_if = "crate::model::is_false")]
    pub reverse_shell: bool,
    /// The secrets the code reads: credential files it names, the whole environment.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reads: Vec<SecretSource>,
    /// The literal destinations the code names (only when it connects).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub endpoints: Vec<Destination>,
}
