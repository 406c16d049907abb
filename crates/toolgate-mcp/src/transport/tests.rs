//! Tests of the stdio transport.

use super::*;
use rmcp::model::{CallToolResult, ContentBlock, ServerResult};
use serde_json::Value;
use tokio::io::AsyncReadExt;

/// rmcp's own reading of a line.
fn rmcp_parse(line: &str) -> Option<RxJsonRpcMessage<RoleServer>> {
    serde_json::from_str(line).ok()
}

/// Lines in the plain shape: the fast reading must be exactly rmcp's.
const PLAIN: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check_url","arguments":{"url":"https://a.example/"}}}"#,
    r#"{"params":{"arguments":{"url":"x","policy":{"allow":["*.b"],"methods":["GET"]}},"name":"check_url"},"method":"tools/call","id":"r-1","jsonrpc":"2.0"}"#,
    r#"{"jsonrpc":"2.0","id":"q\"\u00e9\\n","method":"tools/call","params":{"name":"ch\u0065ck_url","arguments":{"n":[1.5e300,-0.0,18446744073709551615,-9223372036854775808,true,null,{"k":"\ud83d\ude00"}]}}}"#,
    r#"{"jsonrpc":"2.0","id":-7,"method":"tools/call","params":{"name":"explain_command"}}"#,
    r#"{"jsonrpc":"2.0","id":9223372036854775807,"method":"tools/call","params":{"name":"x","arguments":null}}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}"#,
    r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x","arguments":{"a":1,"a":2}}}"#,
    r#"  {"jsonrpc" : "2.0", "id" : 4, "method" : "tools/call", "params" : {"name" : "x"}}  "#,
];

/// Lines the fast reading must leave to rmcp.
const NOT_PLAIN: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":1}}}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","task":{}}}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"},"extra":1}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"},"result":{}}"#,
    r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#,
    r#"{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/call","params":{"name":"x"}}"#,
    r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}"#,
    r#"{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"x"}}"#,
    r#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":7}}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}"#,
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#,
    "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}",
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}"#,
    "",
];

#[test]
fn plain_tool_calls_read_exactly_as_rmcp_reads_them() {
    for line in PLAIN {
        let fast = fast_tool_call(line.as_bytes()).unwrap_or_else(|| panic!("{line}"));
        let rmcp = rmcp_parse(line).unwrap_or_else(|| panic!("rmcp: {line}"));
        assert!(
            matches!(
                &fast,
                JsonRpcMessage::Request(JsonRpcRequest {
                    request: ClientRequest::CallToolRequest(_),
                    ..
                })
            ),
            "{line}"
        );
        assert_eq!(format!("{fast:?}"), format!("{rmcp:?}"), "{line}");
        let fast = serde_json::to_value(&fast).unwrap();
        assert_eq!(fast, serde_json::to_value(&rmcp).unwrap(), "{line}");
    }
}

#[test]
fn every_other_line_is_left_to_rmcp() {
    for line in NOT_PLAIN {
        assert!(fast_tool_call(line.as_bytes()).is_none(), "{line}");
    }
}

fn reply(id: i64, text: &str) -> TxJsonRpcMessage<RoleServer> {
    let result = CallToolResult::success(vec![ContentBlock::text(text)]);
    JsonRpcMessage::response(ServerResult::CallToolResult(result), RequestId::Number(id))
}

#[tokio::test]
async fn the_transport_reads_every_kind_of_line_and_writes_every_reply() {
    let (mut client_in, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, mut client_out) = tokio::io::duplex(1 << 16);
    let mut transport = LineTransport::new(server_in, server_out);
    let input = [
        PLAIN[0],
        "not json at all",
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#,
        "",
        r#"{"foo":1}"#,
        "\r",
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x"}}"#,
    ]
    .join("\n");
    client_in.write_all(input.as_bytes()).await.unwrap();
    // A last line without its newline is no message.
    client_in
        .write_all(b"\n{\"jsonrpc\":\"2.0\",\"id\":4")
        .await
        .unwrap();
    drop(client_in);

    let mut ids = Vec::new();
    while let Some(message) = transport.receive().await {
        let JsonRpcMessage::Request(request) = message else {
            panic!("not a request");
        };
        ids.push(request.id);
    }
    assert_eq!(
        ids,
        [1, 2, 3].map(RequestId::Number),
        "the unreadable lines are skipped"
    );

    // Replies sent together arrive whole and in order; each send completes.
    let mut sends = Vec::new();
    for id in 10..13 {
        sends.push(transport.send(reply(id, "ok")));
    }
    for send in sends {
        send.await.unwrap();
    }
    transport.close().await.unwrap();
    drop(transport);
    let mut output = String::new();
    client_out.read_to_string(&mut output).await.unwrap();
    let lines: Vec<Value> = output
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // rmcp's own answer to the well-formed line it could not use comes first.
    assert_eq!(lines.len(), 4, "{output}");
    assert_eq!(lines[0]["error"]["code"], -32600, "{output}");
    assert!(lines[0].get("id").is_none_or(Value::is_null), "{output}");
    for (line, id) in lines[1..].iter().zip(10..) {
        assert_eq!(line["id"], id, "{output}");
        assert_eq!(line["result"]["content"][0]["text"], "ok", "{output}");
    }
}

#[tokio::test]
async fn sends_fail_once_the_peer_is_gone() {
    let (_client_in, server_in) = tokio::io::duplex(64);
    let (server_out, client_out) = tokio::io::duplex(64);
    drop(client_out);
    let mut transport = LineTransport::new(server_in, server_out);
    // The first reply may be queued before the writer finds the peer gone; once it has,
    // every send fails.
    let mut failed_at = None;
    for id in 0..100 {
        if transport.send(reply(id, "lost")).await.is_err() {
            failed_at = Some(id);
            break;
        }
        tokio::task::yield_now().await;
    }
    assert!(failed_at.is_some_and(|id| id <= 2), "{failed_at:?}");
    assert!(transport.send(reply(100, "lost")).await.is_err());
    transport.close().await.unwrap();
}

#[test]
fn a_message_that_fails_or_panics_half_way_leaves_nothing_behind() {
    let outbox = Outbox {
        state: Mutex::new(Pending::default()),
        wake_writer: Notify::new(),
        written: watch::channel(0).0,
    };
    assert_eq!(
        outbox
            .queue(|b| {
                b.extend_from_slice(b"{}");
                Ok(())
            })
            .unwrap(),
        (1, 3)
    );
    let failed = outbox.queue(|b| {
        b.extend_from_slice(b"{\"half");
        Err(io::Error::other("no"))
    });
    assert!(failed.is_err());
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        outbox.queue(|b| {
            b.extend_from_slice(b"{\"half");
            panic!("serialiser panicked");
        })
    }));
    assert!(panicked.is_err());
    let pending = outbox.lock();
    assert_eq!(pending.bytes, b"{}\n");
    assert_eq!(pending.queued, 1);
}

#[tokio::test]
async fn a_client_that_stops_reading_holds_up_the_sends() {
    let (_client_in, server_in) = tokio::io::duplex(64);
    let (server_out, mut client_out) = tokio::io::duplex(64 * 1024);
    let mut transport = LineTransport::new(server_in, server_out);
    let text = "x".repeat(1024 * 1024);
    let wait = std::time::Duration::from_millis(100);
    let mut held = None;
    for id in 0..8 {
        let send = transport.send(reply(id, &text));
        match tokio::time::timeout(wait, send).await {
            Ok(sent) => sent.unwrap(),
            Err(_) => {
                held = Some(id);
                break;
            }
        }
    }
    // More than MAX_UNWRITTEN_BYTES (4 MiB) never wait: the fourth reply of just over 1 MiB
    // is held up, or the fifth if the writer took the first one into its pipe already.
    let held = held.expect("a send is held up");
    assert!((3..=4).contains(&held), "{held}");
    // Once the client reads, the held reply and everything before it arrive.
    let reader = tokio::spawn(async move {
        let mut output = Vec::new();
        client_out.read_to_end(&mut output).await.unwrap();
        output
    });
    transport.send(reply(5, "last")).await.unwrap();
    transport.close().await.unwrap();
    drop(transport);
    let output = reader.await.unwrap();
    let ids: Vec<i64> = output
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| {
            serde_json::from_slice::<Value>(l).unwrap()["id"]
                .as_i64()
                .unwrap()
        })
        .collect();
    let expected: Vec<i64> = (0..=held).chain([5]).collect();
    assert_eq!(ids, expected);
}

#[tokio::test]
async fn oversized_lines_are_dropped_and_reading_goes_on() {
    let (mut client_in, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, _client_out) = tokio::io::duplex(1 << 16);
    let mut transport = LineTransport::new(server_in, server_out);
    let writer = tokio::spawn(async move {
        let chunk = vec![b'x'; 1 << 16];
        let mut sent = 0;
        while sent <= MAX_LINE_BYTES {
            client_in.write_all(&chunk).await.unwrap();
            sent += chunk.len();
        }
        client_in.write_all(b"\n").await.unwrap();
        client_in.write_all(PLAIN[0].as_bytes()).await.unwrap();
        client_in.write_all(b"\n").await.unwrap();
    });
    let Some(JsonRpcMessage::Request(request)) = transport.receive().await else {
        panic!("the call after the long line is read");
    };
    assert_eq!(request.id, RequestId::Number(1));
    writer.await.unwrap();
    assert!(transport.receive().await.is_none());
    transport.close().await.unwrap();
}
