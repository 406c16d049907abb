//! A self-signed TLS identity for upstream servers, and client configurations that trust it.

use std::sync::Arc;

use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ClientConfig, RootCertStore, ServerConfig};

/// A self-signed certificate for some names, its key, and the configurations built on them.
#[derive(Clone)]
pub struct TlsIdentity {
    cert_pem: String,
    cert_der: CertificateDer<'static>,
    key_der: Vec<u8>,
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

impl TlsIdentity {
    /// A new self-signed certificate whose subject alternative names are `names`.
    pub fn new(names: &[&str]) -> TlsIdentity {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let ck = rcgen::generate_simple_self_signed(names).expect("generate a certificate");
        TlsIdentity {
            cert_pem: ck.cert.pem(),
            cert_der: ck.cert.der().clone(),
            key_der: ck.signing_key.serialize_der(),
        }
    }

    /// The certificate in PEM (for `curl --cacert`, Python's `cafile`).
    pub fn cert_pem(&self) -> &str {
        &self.cert_pem
    }

    /// A server configuration presenting this certificate.
    pub fn server_config(&self) -> Arc<ServerConfig> {
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(self.key_der.clone()));
        let config = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .expect("protocol versions")
            .with_no_client_auth()
            .with_single_cert(vec![self.cert_der.clone()], key)
            .expect("server certificate");
        Arc::new(config)
    }

    /// A client configuration trusting only this certificate; `sni: false` sends no SNI.
    pub fn client_config(&self, sni: bool) -> Arc<ClientConfig> {
        let mut roots = RootCertStore::empty();
        roots
            .add(self.cert_der.clone())
            .expect("trust the certificate");
        let mut config = ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .expect("protocol versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        config.enable_sni = sni;
        Arc::new(config)
    }
}
