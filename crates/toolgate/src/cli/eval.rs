//! `toolgate eval`: the rules check's decision for one tool call.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use toolgate_core::Verdict;
use toolgate_core::rules::render_tool_call;

use super::EXIT_USAGE;

/// Arguments of `eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// The tool name (e.g. `Bash`, `Write`, `mcp__server__tool`).
    pub tool_name: String,
    /// The tool input as JSON, or `-` for stdin (default `{}`).
    pub input: Option<String>,
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print the rendered text the rules are matched against.
    #[arg(long)]
    pub render: bool,
}

/// Runs `eval`: exit 0 for no decision, 1 for deny or review, 2 for usage errors, an invalid
/// policy or invalid JSON.
pub fn run(args: EvalArgs) -> ExitCode {
    let input = match read_input(args.input.as_deref()) {
        Ok(v) => v,
        Err(msg) => {
            eprintln!("toolgate: {msg}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if args.render {
        return match render_tool_call(&args.tool_name, &input) {
            Ok(text) => {
                println!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("toolgate: the tool call cannot be rendered: {e}");
                ExitCode::from(EXIT_USAGE)
            }
        };
    }
    let policy = match super::load_policy_or_exit(args.policy.as_ref()) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let eval = policy
        .rules
        .rules
        .evaluate_tool_call(&args.tool_name, &input);
    if args.json {
        let mut obj = serde_json::to_value(&eval).unwrap_or_default();
        if let Some(m) = obj.as_object_mut() {
            m.insert(
                "constitution".into(),
                policy.rules.constitution_name.clone().into(),
            );
        }
        println!("{obj}");
    } else {
        println!("verdict: {}", eval.verdict.as_str());
        println!("constitution: {}", policy.rules.constitution_name);
        println!("rules: {}", list(&eval.rule_ids));
        println!("warnings: {}", list(&eval.warning_ids));
        println!("reason: {}", eval.reason);
        if let Some(e) = &eval.error {
            println!("error: {e}");
        }
    }
    match eval.verdict {
        Verdict::Deny | Verdict::Review => ExitCode::from(1),
        Verdict::Allow | Verdict::NoDecision => ExitCode::SUCCESS,
    }
}

fn list(ids: &[String]) -> String {
    if ids.is_empty() {
        "(none)".into()
    } else {
        ids.join(", ")
    }
}

fn read_input(arg: Option<&str>) -> Result<serde_json::Value, String> {
    let text = match arg {
        None => return Ok(serde_json::Value::Object(Default::default())),
        Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("cannot read the input from stdin: {}", e.kind()))?;
            s
        }
        Some(s) => s.to_string(),
    };
    // The error position only: the message must not repeat the input.
    toolgate_core::rules::parse_tool_input(&text).map_err(|e| {
        format!(
            "the tool input is not valid JSON (line {}, column {})",
            e.line(),
            e.column()
        )
    })
}
