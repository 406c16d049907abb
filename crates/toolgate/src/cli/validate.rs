//! `toolgate validate`.

use std::path::PathBuf;
use std::process::ExitCode;

use toolgate_policy::PolicySource;

use super::EXIT_USAGE;

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// The policy file (default: discovery).
    pub file: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `validate`: exit 0 valid, 1 warnings only, 2 errors.
pub fn run(args: ValidateArgs) -> ExitCode {
    let policy = match &args.file {
        Some(f) => toolgate_policy::load_path(f),
        None => {
            let source = toolgate_policy::discovery::discover_from_env(None);
            toolgate_policy::load(&source)
        }
    };
    // The examples and the lint only make sense for a policy that loads.
    let mut policy = policy;
    if policy.is_usable() {
        for d in super::lint::check(&policy) {
            policy.diagnostics.push(d);
        }
        policy.diagnostics.sort();
    }
    let errors = policy.diagnostics.errors().count();
    let warnings = policy.diagnostics.warnings().count();
    let builtin = matches!(policy.source, PolicySource::Builtin);
    if args.json {
        let v = serde_json::json!({
            "source": policy.source.describe(),
            "valid": errors == 0,
            "errors": errors,
            "warnings": warnings,
            "diagnostics": policy.diagnostics.items(),
        });
        println!("{v}");
    } else {
        print!("{}", policy.render_diagnostics());
        if builtin {
            println!("no policy file found: the built-in default applies");
        }
        println!(
            "{}: {errors} error(s), {warnings} warning(s)",
            policy.source.describe()
        );
    }
    if errors > 0 {
        ExitCode::from(EXIT_USAGE)
    } else if warnings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
