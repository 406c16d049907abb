//! toolgate binary integration tests.

mod proxy_cli;
