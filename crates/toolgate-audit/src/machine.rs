//! Facts about the machine that go into every record.

/// The host name (Linux: `/proc/sys/kernel/hostname`; elsewhere `$HOSTNAME`).
pub fn host_name() -> Option<String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())?;
    let name = name.trim();
    crate::record::is_plain_id(name).then(|| name.to_string())
}

/// The user (`$USER`, else `$LOGNAME`).
pub fn user() -> Option<String> {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .ok()?;
    crate::record::is_plain_id(&user).then_some(user)
}
