//! Facts about one command, read from its words with the option reader and the knowledge
//! tables: the destinations it reaches, the files it writes, the classes of its paths, the
//! code it carries inline, what it prints into a pipe, and the scripts it makes run.

pub(crate) mod containers;
pub(crate) mod datastore;
pub(crate) mod destinations;
pub(crate) mod exports;
pub(crate) mod fd;
pub(crate) mod find;
pub(crate) mod git;
pub(crate) mod inline;
pub(crate) mod launched;
pub(crate) mod pane_input;
pub(crate) mod paths;
pub(crate) mod pipes;
pub(crate) mod remote_commands;
pub(crate) mod sed;
pub(crate) mod templates;
pub(crate) mod tool_commands;
pub(crate) mod writes;
