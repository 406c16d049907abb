//! The decision log as a library: records in and out, verification of tampered logs, the
//! follower across rotation, and appends from many threads at once.

mod chain;
