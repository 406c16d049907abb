//! The stdio transport: newline-delimited JSON-RPC, as rmcp's own `AsyncRwTransport`, made
//! cheaper per message on the two paths a busy session takes.
//!
//! - Reading: a `tools/call` request of the plain shape clients send (`jsonrpc`, `id`, `method`,
//!   `params` with `name` and `arguments`, nothing else) is read straight into rmcp's message
//!   types ([`fast_tool_call`]). rmcp reads every message through serde's buffered untagged
//!   machinery, which costs about as much as the rest of the call. Every other line (any other
//!   method, `_meta`, an extra key, a duplicate key, anything unreadable) goes to rmcp's own
//!   reader unchanged, with its replies and its errors, so the protocol is rmcp's.
//! - Writing: replies are appended to one buffer that a writer task writes out whenever it
//!   runs. A single request is answered at once (nothing else is waiting), but replies that
//!   complete together (pipelined calls) leave in one `write` instead of one each. A send
//!   completes once its reply is queued, or, while more than [`MAX_UNWRITTEN_BYTES`] wait,
//!   once it is written (a client that stops reading slows the server down instead of growing
//!   its memory). Closing the transport waits until everything queued is written, so nothing
//!   is lost when the session ends.
//!
//! Lines longer than [`MAX_LINE_BYTES`] are dropped (rmcp's limit and behaviour).

use std::borrow::Cow;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequestMethod, CallToolRequestParams, ClientRequest, JsonObject, JsonRpcMessage,
    JsonRpcRequest, JsonRpcVersion2_0, Request, RequestId,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::AsyncRwTransport;
use serde::Deserialize;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Notify, watch};

/// How much input is read at once: pipelined calls arrive by the hundred.
const READ_BUFFER_BYTES: usize = 64 * 1024;

/// How many bytes of replies may wait to be written before a send waits for its own.
pub const MAX_UNWRITTEN_BYTES: usize = 4 * 1024 * 1024;

/// The longest line (one JSON-RPC message) that is read; a longer one is dropped.
pub const MAX_LINE_BYTES: usize = rmcp::transport::async_rw::DEFAULT_MAX_LINE_LENGTH;

/// A `tools/call` request in the plain shape, read with the field types rmcp uses, so that a
/// line this accepts means what rmcp would make of it. Anything else fails and is left to rmcp.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainToolCall {
    jsonrpc: JsonRpcVersion2_0,
    id: RequestId,
    method: CallToolRequestMethod,
    params: PlainToolCallParams,
}

/// The `params` of a [`PlainToolCall`]: a tool name and its arguments, no `_meta`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainToolCallParams {
    name: String,
    arguments: Option<JsonObject>,
}

/// Reads `line` as a plain `tools/call` request, or `None` when it is anything else (rmcp's
/// reader then decides what it is).
pub fn fast_tool_call(line: &[u8]) -> Option<RxJsonRpcMessage<RoleServer>> {
    // The version and the method are checked by reading them; their values are constants.
    let PlainToolCall {
        jsonrpc: JsonRpcVersion2_0,
        id,
        method: CallToolRequestMethod,
        params: PlainToolCallParams { name, arguments },
    } = serde_json::from_slice(line).ok()?;
    let mut params = CallToolRequestParams::new(Cow::Owned(name));
    if let Some(arguments) = arguments {
        params = params.with_arguments(arguments);
    }
    let request = ClientRequest::CallToolRequest(Request::new(params));
    Some(JsonRpcMessage::Request(JsonRpcRequest::new(id, request)))
}

/// Replies waiting to be written, shared by the senders and the writer task.
struct Outbox {
    state: Mutex<Pending>,
    /// Wakes the writer task when bytes are queued or the transport closes.
    wake_writer: Notify,
    /// How many messages have been written (`u64::MAX` once writing failed).
    written: watch::Sender<u64>,
}

#[derive(Default)]
struct Pending {
    /// Serialised messages, each ending in `\n`.
    bytes: Vec<u8>,
    /// How many messages have been queued since the start.
    queued: u64,
    /// Writing failed: the peer is gone.
    failed: bool,
    /// The transport is closing: the writer stops once the queue is written.
    closing: bool,
}

impl Outbox {
    fn lock(&self) -> std::sync::MutexGuard<'_, Pending> {
        // A panic while holding the lock cannot leave a half-written message (the bytes of a
        // failed or panicking serialisation are cut off before unlocking), so the state stays
        // usable.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Appends one message, written by `serialise`: its number and how many bytes now wait to
    /// be written, or an error when writing already failed or the transport is closing.
    fn queue(
        &self,
        serialise: impl FnOnce(&mut Vec<u8>) -> io::Result<()>,
    ) -> io::Result<(u64, usize)> {
        let mut pending = self.lock();
        if pending.failed || pending.closing {
            return Err(closed());
        }
        let message = Unfinished::new(&mut pending.bytes);
        serialise(message.bytes)?;
        message.bytes.push(b'\n');
        message.finish();
        pending.queued += 1;
        let queued = (pending.queued, pending.bytes.len());
        drop(pending);
        self.wake_writer.notify_one();
        Ok(queued)
    }

    /// Waits until message `number` is written.
    async fn written(&self, number: u64) -> io::Result<()> {
        let mut written = self.written.subscribe();
        match written.wait_for(|w| *w >= number).await.map(|w| *w) {
            Ok(w) if w != u64::MAX => Ok(()),
            _ => Err(closed()),
        }
    }
}

/// A message being appended: unless [`Unfinished::finish`] is called, its bytes are cut off
/// when it is dropped, on an error return or a panic alike.
struct Unfinished<'a> {
    bytes: &'a mut Vec<u8>,
    start: usize,
    finished: bool,
}

impl<'a> Unfinished<'a> {
    fn new(bytes: &'a mut Vec<u8>) -> Unfinished<'a> {
        let start = bytes.len();
        Unfinished {
            bytes,
            start,
            finished: false,
        }
    }

    fn finish(mut self) {
        self.finished = true;
    }
}

impl Drop for Unfinished<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.bytes.truncate(self.start);
        }
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the MCP output is closed")
}

/// Writes the outbox to `out` until the transport closes or a write fails.
async fn write_out<W: AsyncWrite + Unpin>(mut out: W, outbox: Arc<Outbox>) {
    let mut batch = Vec::new();
    loop {
        let (upto, closing) = {
            let mut pending = outbox.lock();
            std::mem::swap(&mut batch, &mut pending.bytes);
            (pending.queued, pending.closing)
        };
        if batch.is_empty() {
            if closing {
                return;
            }
            outbox.wake_writer.notified().await;
            continue;
        }
        let wrote = match out.write_all(&batch).await {
            Ok(()) => out.flush().await,
            Err(e) => Err(e),
        };
        batch.clear();
        if wrote.is_err() {
            outbox.lock().failed = true;
            outbox.written.send_replace(u64::MAX);
            return;
        }
        outbox.written.send_replace(upto);
    }
}

/// An `AsyncWrite` into the outbox, for the replies rmcp's reader writes itself (its
/// `Invalid Request` answer to a line it cannot use).
struct OutboxWriter(Arc<Outbox>);

impl AsyncWrite for OutboxWriter {
    fn poll_write(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let mut pending = self.0.lock();
        if pending.failed {
            return Poll::Ready(Err(closed()));
        }
        pending.bytes.extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.0.wake_writer.notify_one();
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.poll_flush(cx)
    }
}

/// What one bounded line read found.
enum LineRead {
    /// A whole `\n`-terminated line is in the line buffer.
    Line,
    /// The line was longer than [`MAX_LINE_BYTES`]; it was dropped.
    Oversized,
    /// The peer closed its end (a partial last line is not a message).
    Eof,
    /// Reading failed.
    Failed,
}

/// The server side of a newline-delimited JSON-RPC session over `R` (input) and a writer
/// given to [`LineTransport::new`] (output).
pub struct LineTransport<R> {
    read: BufReader<R>,
    line: Vec<u8>,
    /// `line` holds a whole line that is not handled yet (a `receive` was cancelled while
    /// rmcp read it).
    line_ready: bool,
    /// Dropping the rest of an oversized line until its newline.
    discarding: bool,
    outbox: Arc<Outbox>,
    writer: Option<tokio::task::JoinHandle<()>>,
}

impl<R: AsyncRead + Send + Unpin> LineTransport<R> {
    /// A transport reading `input` and writing to `output`. Starts the writer task, so it
    /// must be called on a tokio runtime.
    pub fn new<W>(input: R, output: W) -> LineTransport<R>
    where
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let outbox = Arc::new(Outbox {
            state: Mutex::new(Pending::default()),
            wake_writer: Notify::new(),
            written: watch::channel(0).0,
        });
        let writer = tokio::spawn(write_out(output, outbox.clone()));
        LineTransport {
            read: BufReader::with_capacity(READ_BUFFER_BYTES, input),
            line: Vec::new(),
            line_ready: false,
            discarding: false,
            outbox,
            writer: Some(writer),
        }
    }

    /// Reads one line into `self.line`, never letting it grow past [`MAX_LINE_BYTES`].
    /// Cancel-safe: a read cancelled half-way leaves its bytes in `self.line` for the next
    /// call (the service polls `receive` in a `select!`).
    async fn read_line(&mut self) -> LineRead {
        loop {
            let (consumed, done) = {
                let Ok(available) = self.read.fill_buf().await else {
                    return LineRead::Failed;
                };
                if available.is_empty() {
                    return LineRead::Eof;
                }
                let newline = newline_at(available);
                let take = newline.map_or(available.len(), |i| i + 1);
                if self.discarding {
                    if newline.is_some() {
                        self.discarding = false;
                    }
                    (take, None)
                } else if self.line.len().saturating_add(take) > MAX_LINE_BYTES {
                    self.line.clear();
                    self.discarding = newline.is_none();
                    (take, Some(LineRead::Oversized))
                } else {
                    self.line.extend_from_slice(&available[..take]);
                    (take, newline.map(|_| LineRead::Line))
                }
            };
            self.read.consume(consumed);
            if let Some(done) = done {
                return done;
            }
        }
    }
}

/// rmcp's reading of one whole line (`\n` included): the message, or `None` when rmcp
/// ignores the line (its own error reply, if any, is queued in `outbox`).
async fn rmcp_read(line: Vec<u8>, outbox: Arc<Outbox>) -> Option<RxJsonRpcMessage<RoleServer>> {
    let mut reader = AsyncRwTransport::<RoleServer, _, _>::new_server(
        std::io::Cursor::new(line),
        OutboxWriter(outbox),
    );
    // The reader holds exactly one line: it answers it, then sees the end of its input.
    Transport::<RoleServer>::receive(&mut reader).await
}

fn newline_at(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|b| *b == b'\n')
}

impl<R: AsyncRead + Send + Unpin + 'static> Transport<RoleServer> for LineTransport<R> {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        let outbox = self.outbox.clone();
        let queued =
            outbox.queue(|bytes| serde_json::to_writer(bytes, &item).map_err(io::Error::from));
        async move {
            match queued? {
                (number, waiting) if waiting > MAX_UNWRITTEN_BYTES => outbox.written(number).await,
                _ => Ok(()),
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if !self.line_ready {
                match self.read_line().await {
                    LineRead::Line => self.line_ready = true,
                    LineRead::Oversized => continue,
                    LineRead::Eof | LineRead::Failed => return None,
                }
            }
            let body = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
            let body = body.strip_suffix(b"\r").unwrap_or(body);
            let message = match fast_tool_call(body) {
                Some(message) => Some(message),
                // rmcp's reader does not wait on anything but the runtime's cooperative
                // budget; `unconstrained` lifts that, and the line stays in `self.line` until
                // it is handled in case the read is cancelled all the same.
                None => {
                    let read = rmcp_read(self.line.clone(), self.outbox.clone());
                    tokio::task::unconstrained(read).await
                }
            };
            self.line.clear();
            self.line_ready = false;
            if message.is_some() {
                return message;
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        self.outbox.lock().closing = true;
        self.outbox.wake_writer.notify_one();
        if let Some(writer) = self.writer.take() {
            let _ = writer.await;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
