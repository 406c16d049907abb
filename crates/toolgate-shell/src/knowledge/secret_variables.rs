//! Environment variables that hold one service's credential, with the hosts that service's
//! API answers at. A request that puts such a variable into its words or body (`curl -H
//! "Authorization: Bearer $OPENAI_API_KEY" …`, `echo $GITHUB_TOKEN | curl -d @- …`) sends
//! the credential where it goes: to its own service that is the credential's use, to any
//! other host (or to one only known at run time) it is a leak. Only names whose service is
//! certain are listed; a generic name (`$API_KEY`, `$TOKEN`) may belong to anything.

/// One service's credential variables.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SecretVariable {
    /// The variable names.
    pub(crate) names: &'static [&'static str],
    /// The hosts the credential is sent to in use: each exactly, or any name under it.
    /// Empty: the credential is never sent (AWS signs requests with its secret key).
    pub(crate) hosts: &'static [&'static str],
}

/// A service's row (its name is for the reader: the hosts say which service it is).
const fn service(
    _name: &'static str,
    names: &'static [&'static str],
    hosts: &'static [&'static str],
) -> SecretVariable {
    SecretVariable { names, hosts }
}

/// The table (at most 32 rows: the flows keep a bit per row).
pub(crate) const SECRET_VARIABLES: &[SecretVariable] = &[
    service("AWS secret access key", &["AWS_SECRET_ACCESS_KEY"], &[]),
    service(
        "AWS session token",
        &["AWS_SESSION_TOKEN"],
        &["amazonaws.com"],
    ),
    service(
        "GitHub",
        &["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT"],
        &["github.com", "githubusercontent.com", "ghcr.io"],
    ),
    service("OpenAI", &["OPENAI_API_KEY"], &["api.openai.com"]),
    service("Anthropic", &["ANTHROPIC_API_KEY"], &["api.anthropic.com"]),
    service(
        "Google AI",
        &["GOOGLE_API_KEY", "GEMINI_API_KEY"],
        &["googleapis.com"],
    ),
    service(
        "Hugging Face",
        &["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HUGGINGFACE_TOKEN"],
        &["huggingface.co", "hf.co"],
    ),
    service(
        "Stripe",
        &["STRIPE_SECRET_KEY", "STRIPE_API_KEY"],
        &["api.stripe.com"],
    ),
    service(
        "Slack",
        &["SLACK_BOT_TOKEN", "SLACK_TOKEN", "SLACK_USER_TOKEN"],
        &["slack.com"],
    ),
    service(
        "DigitalOcean",
        &["DIGITALOCEAN_TOKEN", "DIGITALOCEAN_ACCESS_TOKEN"],
        &["api.digitalocean.com"],
    ),
    service(
        "Cloudflare",
        &["CLOUDFLARE_API_TOKEN", "CF_API_TOKEN"],
        &["api.cloudflare.com"],
    ),
    service("Vercel", &["VERCEL_TOKEN"], &["api.vercel.com"]),
    service("Netlify", &["NETLIFY_AUTH_TOKEN"], &["api.netlify.com"]),
    service("Heroku", &["HEROKU_API_KEY"], &["api.heroku.com"]),
    service("Sentry", &["SENTRY_AUTH_TOKEN"], &["sentry.io"]),
    service(
        "Datadog",
        &["DATADOG_API_KEY", "DD_API_KEY", "DD_APP_KEY"],
        &["datadoghq.com", "datadoghq.eu"],
    ),
    service("Twilio", &["TWILIO_AUTH_TOKEN"], &["api.twilio.com"]),
    service("SendGrid", &["SENDGRID_API_KEY"], &["api.sendgrid.com"]),
    service(
        "Azure client secret",
        &["AZURE_CLIENT_SECRET"],
        &["login.microsoftonline.com"],
    ),
];

/// Whether `host` (lower case) is one of `hosts`, or a name under one.
pub(crate) fn is_own_host(host: &str, hosts: &[&str]) -> bool {
    hosts.iter().any(|h| {
        host.strip_suffix(h)
            .is_some_and(|before| before.is_empty() || before.ends_with('.'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_consistent() {
        assert!(SECRET_VARIABLES.len() <= 32);
        let mut seen = Vec::new();
        for v in SECRET_VARIABLES {
            assert!(!v.names.is_empty());
            for n in v.names {
                assert!(
                    n.bytes()
                        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                    "{n}"
                );
                assert!(!seen.contains(n), "{n} twice");
                seen.push(*n);
            }
            for h in v.hosts {
                assert!(!h.starts_with('.') && *h == h.to_ascii_lowercase(), "{h}");
            }
        }
    }

    #[test]
    fn own_hosts_are_the_names_and_the_names_under_them() {
        let hosts = &["github.com", "api.openai.com"];
        assert!(is_own_host("github.com", hosts));
        assert!(is_own_host("api.github.com", hosts));
        assert!(is_own_host("api.openai.com", hosts));
        assert!(!is_own_host("evilgithub.com", hosts));
        assert!(!is_own_host("github.com.evil.example", hosts));
        assert!(!is_own_host("openai.com", hosts));
    }
}
