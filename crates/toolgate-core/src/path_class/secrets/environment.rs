//! The process environment as a secret source beyond paths: the programs that print it and
//! the inline-code expressions that read it whole.

/// Programs that print the whole environment when run without a command to run.
pub const ENVIRONMENT_DUMPERS: &[&str] = &["env", "printenv", "set", "export", "declare"];

/// Inline-code expressions that read the whole environment, by language. A single
/// variable (`os.environ['HOME']`, `process.env.PORT`) is not a dump: the checks look at what
/// follows the expression ([`dumps_environment`]).
pub const ENVIRONMENT_EXPRESSIONS: &[(&str, &str)] = &[
    ("python", "os.environ"),
    ("python", "environ"),
    ("node", "process.env"),
    ("ruby", "ENV"),
    ("perl", "%ENV"),
    ("php", "$_ENV"),
    ("php", "getenv()"),
];

/// Whether `code` reads the whole environment: an expression of [`ENVIRONMENT_EXPRESSIONS`]
/// not followed by a lookup of one variable (`[`, `.get(`, `.NAME` for node, `{` for perl).
pub fn dumps_environment(code: &str) -> bool {
    ENVIRONMENT_EXPRESSIONS.iter().any(|(lang, expr)| {
        let mut from = 0;
        while let Some(at) = code[from..].find(expr) {
            let start = from + at;
            let end = start + expr.len();
            from = end;
            let before = code[..start].chars().next_back();
            if before.is_some_and(|c| {
                c.is_alphanumeric() || c == '_' || (c == '.' && !expr.contains('.'))
            }) {
                continue;
            }
            let after = code[end..].trim_start();
            let next = after.chars().next();
            if next.is_some_and(|c| c.is_alphanumeric() || c == '_') && !expr.ends_with(')') {
                continue;
            }
            let one_variable = match *lang {
                "python" => {
                    after.starts_with('[')
                        || after.starts_with(".get(")
                        || after.starts_with(".setdefault(")
                        || after.starts_with(".pop(")
                }
                "node" => {
                    after.starts_with('[') || (after.starts_with('.') && !after.starts_with("..."))
                }
                "ruby" => {
                    after.starts_with('[')
                        || after.starts_with(".fetch(")
                        || after.starts_with(".key?")
                }
                "perl" => false,
                "php" => after.starts_with('['),
                _ => false,
            };
            if !one_variable {
                return true;
            }
        }
        false
    })
}
