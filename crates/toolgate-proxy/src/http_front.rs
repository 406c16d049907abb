//! The HTTP/1.1 front end: `CONNECT` tunnels and absolute-form plain HTTP forwarding.
//!
//! hyper reads the request heads (size and count limits, header read timeout). A plain HTTP
//! request is checked as a URL (scheme, host, port, method) and must carry exactly one `Host`
//! header naming the same host and port. Its upstream connection is pinned: later requests
//! on the same client connection for the same destination reuse it (the address approved
//! for the first request); a request for another destination gets its own decision and its
//! own connection, and the old one is closed.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use http::header::{CONTENT_TYPE, HeaderValue};
use http::{Method, Request, Response, StatusCode, Uri, Version};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::client::conn::http1::SendRequest;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpStream;
use tokio::sync::{Mutex, OwnedSemaphorePermit, watch};

use crate::decision::{AddressClass, Protocol, ProxyDecision, ProxyReason, Reason, Target};
use crate::gate::Refused;
use crate::head;
use crate::server::{Shared, signalled};
use crate::tunnel;

type Body = BoxBody<Bytes, hyper::Error>;

/// The upstream connection a client connection is pinned to.
struct Pinned {
    target: Target,
    sender: SendRequest<Incoming>,
    addr: SocketAddr,
    class: AddressClass,
}

/// One client connection.
struct Session {
    shared: Arc<Shared>,
    client: SocketAddr,
    permit: Arc<OwnedSemaphorePermit>,
    upstream: Mutex<Option<Pinned>>,
}

fn full(body: impl Into<Bytes>) -> Body {
    Full::new(body.into())
        .map_err(|never| match never {})
        .boxed()
}

/// Serves one client connection until it closes, times out, or shutdown asks it to finish.
pub(crate) async fn serve(
    shared: Arc<Shared>,
    stream: TcpStream,
    client: SocketAddr,
    permit: OwnedSemaphorePermit,
    shutdown: watch::Receiver<bool>,
) {
    let limits = shared.config.limits.clone();
    let session = Arc::new(Session {
        shared,
        client,
        permit: Arc::new(permit),
        upstream: Mutex::new(None),
    });
    let svc = service_fn(move |req| {
        let s = session.clone();
        async move { Ok::<_, Infallible>(s.handle(req).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.handshake_timeout)
        .max_header_size(limits.max_head_bytes)
        .max_headers(limits.max_headers)
        .keep_alive(true);
    let conn = builder
        .serve_connection(TokioIo::new(stream), svc)
        .with_upgrades();
    tokio::pin!(conn);
    let served = async {
        tokio::select! {
            _ = conn.as_mut() => {}
            _ = signalled(shutdown) => {
                conn.as_mut().graceful_shutdown();
                let _ = conn.as_mut().await;
            }
        }
    };
    let _ = tokio::time::timeout(limits.total_timeout, served).await;
}

impl Session {
    async fn handle(self: Arc<Self>, req: Request<Incoming>) -> Response<Body> {
        if req.method() == Method::CONNECT {
            self.connect(req).await
        } else {
            self.forward(req).await
        }
    }

    fn refuse(
        &self,
        protocol: Protocol,
        target: Option<Target>,
        refused: Refused,
    ) -> Response<Body> {
        let mut d = ProxyDecision::deny(self.client, protocol, target, refused.reason);
        d.address = refused.address;
        self.shared.emit(&d);
        let status = StatusCode::from_u16(refused.reason.status()).unwrap_or(StatusCode::FORBIDDEN);
        let mut resp = Response::new(full(d.refusal_body()));
        *resp.status_mut() = status;
        let h = resp.headers_mut();
        h.insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
        if let Ok(v) = HeaderValue::from_str(&format!(
            "toolgate; error={}; details=\"{}\"",
            refused.reason.proxy_status(),
            refused.reason.code()
        )) {
            h.insert("proxy-status", v);
        }
        resp
    }

    fn refuse_with(
        &self,
        protocol: Protocol,
        target: Option<Target>,
        reason: Reason,
    ) -> Response<Body> {
        self.refuse(
            protocol,
            target,
            Refused {
                reason,
                address: None,
            },
        )
    }

    async fn connect(self: Arc<Self>, req: Request<Incoming>) -> Response<Body> {
        let (host, port) = match head::connect_target(req.uri()) {
            Ok(t) => t,
            Err(r) => return self.refuse_with(Protocol::Connect, None, Reason::Proxy(r)),
        };
        let d = self.shared.gate.egress().check_tunnel(&host, port);
        let target = d.host.clone().map(|host| Target { host, port });
        let (true, Some(target)) = (d.allowed, target.clone()) else {
            return self.refuse_with(Protocol::Connect, target, Reason::Policy(d.reason));
        };
        let approved = match self.shared.gate.open(&target.host, port).await {
            Ok(a) => a,
            Err(r) => return self.refuse(Protocol::Connect, Some(target), r),
        };
        let decision = ProxyDecision::allow(
            self.client,
            Protocol::Connect,
            target.clone(),
            approved.class,
            approved.addr,
        );
        let on_upgrade = hyper::upgrade::on(req);
        let (shared, permit) = (self.shared.clone(), self.permit.clone());
        tokio::spawn(async move {
            let upgraded = match on_upgrade.await {
                Ok(u) => u.downcast::<TokioIo<TcpStream>>().ok(),
                Err(_) => None,
            };
            match upgraded {
                Some(parts) => {
                    tunnel::run(
                        shared,
                        parts.io.into_inner(),
                        parts.read_buf.to_vec(),
                        approved.stream,
                        target.host,
                        decision,
                    )
                    .await
                }
                None => {
                    let mut d = decision;
                    d.tunnel = Some(crate::decision::TunnelStart::NoClientData);
                    shared.emit(&d);
                }
            }
            drop(permit);
        });
        Response::new(full(Bytes::new()))
    }

    async fn forward(self: Arc<Self>, req: Request<Incoming>) -> Response<Body> {
        let limits = &self.shared.config.limits;
        let url = match head::forward_url(req.uri(), limits.max_uri_bytes) {
            Ok(u) => u,
            Err(r) => return self.refuse_with(Protocol::Http, None, Reason::Proxy(r)),
        };
        let d = self
            .shared
            .gate
            .egress()
            .check_url(&url, Some(req.method().as_str()));
        let target = match (&d.host, d.port) {
            (Some(host), Some(port)) => Some(Target {
                host: host.clone(),
                port,
            }),
            _ => None,
        };
        let (true, Some(target)) = (d.allowed, target.clone()) else {
            return self.refuse_with(Protocol::Http, target, Reason::Policy(d.reason));
        };
        if !head::host_header_matches(req.headers(), &target.host, target.port) {
            return self.refuse_with(
                Protocol::Http,
                Some(target),
                Reason::Proxy(ProxyReason::HostMismatch),
            );
        }
        let mut slot = self.upstream.lock().await;
        let reusable = slot
            .as_ref()
            .is_some_and(|p| p.target == target && !p.sender.is_closed());
        if !reusable {
            *slot = None;
            let approved = match self.shared.gate.open(&target.host, target.port).await {
                Ok(a) => a,
                Err(r) => return self.refuse(Protocol::Http, Some(target), r),
            };
            let (sender, conn) =
                match hyper::client::conn::http1::handshake(TokioIo::new(approved.stream)).await {
                    Ok(pair) => pair,
                    Err(_) => {
                        return self.refuse_with(
                            Protocol::Http,
                            Some(target),
                            Reason::Proxy(ProxyReason::UpstreamFailed),
                        );
                    }
                };
            tokio::spawn(async move {
                let _ = conn.await;
            });
            *slot = Some(Pinned {
                target: target.clone(),
                sender,
                addr: approved.addr,
                class: approved.class,
            });
        }
        let Some(pinned) = slot.as_mut() else {
            return self.refuse_with(
                Protocol::Http,
                Some(target),
                Reason::Proxy(ProxyReason::UpstreamFailed),
            );
        };
        let (mut parts, body) = req.into_parts();
        head::strip_hop_by_hop(&mut parts.headers);
        parts.uri = parts
            .uri
            .path_and_query()
            .map(|pq| pq.as_str())
            .unwrap_or("/")
            .parse::<Uri>()
            .unwrap_or_else(|_| Uri::from_static("/"));
        parts.version = Version::HTTP_11;
        let upstream_req = Request::from_parts(parts, body);
        let sent = async {
            pinned.sender.ready().await?;
            pinned.sender.send_request(upstream_req).await
        };
        let resp = match tokio::time::timeout(limits.idle_timeout, sent).await {
            Ok(Ok(r)) => r,
            _ => {
                let failed = Refused {
                    reason: Reason::Proxy(ProxyReason::UpstreamFailed),
                    address: Some(pinned.class),
                };
                *slot = None;
                return self.refuse(Protocol::Http, Some(target), failed);
            }
        };
        self.shared.emit(&ProxyDecision::allow(
            self.client,
            Protocol::Http,
            target,
            pinned.class,
            pinned.addr,
        ));
        let (mut parts, body) = resp.into_parts();
        head::strip_hop_by_hop(&mut parts.headers);
        Response::from_parts(parts, body.boxed())
    }
}
