//! `ProcessDir` reads this process's working directory as `std::env::current_dir` does, on
//! every thread, once per `ProcessDir`, and knows no directory once the one it is in has been
//! removed.

use std::path::PathBuf;
use std::process::Command;

use toolgate_shell::ProcessDir;

/// Set in the child this test runs itself as, to the directory it is to enter and remove.
const REMOVED_DIR_ENV: &str = "TOOLGATE_TEST_REMOVED_CWD";

#[test]
fn reads_the_working_directory_again_and_again_on_every_thread() {
    let here = std::env::current_dir().expect("cwd");
    for _ in 0..3 {
        let dir = ProcessDir::default();
        assert!(!dir.is_read());
        assert_eq!(dir.get(), Some(here.as_path()));
        assert!(dir.is_read());
        // A clone keeps what was read.
        let copy = dir.clone();
        drop(dir);
        assert_eq!(copy.get(), Some(here.as_path()));
    }
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                (0..50)
                    .map(|_| ProcessDir::default().get().map(PathBuf::from))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for t in threads {
        assert!(
            t.join()
                .expect("thread")
                .iter()
                .all(|d| d.as_deref() == Some(here.as_path()))
        );
    }
}

#[test]
fn a_removed_working_directory_is_not_known() {
    if let Some(dir) = std::env::var_os(REMOVED_DIR_ENV) {
        // The child: enter the directory, remove it, read it.
        std::env::set_current_dir(&dir).expect("enter");
        std::fs::remove_dir(&dir).expect("remove");
        assert_eq!(ProcessDir::default().get(), None);
        assert!(std::env::current_dir().is_err(), "std agrees");
        return;
    }
    let scratch = tempfile::tempdir().expect("tempdir");
    let dir = scratch.path().join("gone");
    std::fs::create_dir(&dir).expect("mkdir");
    let status = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "process_dir::a_removed_working_directory_is_not_known",
            "--test-threads=1",
        ])
        .env(REMOVED_DIR_ENV, &dir)
        .status()
        .expect("run the child");
    assert!(status.success(), "the child's assertions hold");
    assert!(!dir.exists());
}
