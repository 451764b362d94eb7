#include "server/http_server.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <shared_mutex>
#include <type_traits>

#include "server/api.hpp"
#include "db/error.hpp"
#include "server/database_watcher.hpp"
#include "server/guarded_server.hpp"

namespace damdb::server {
namespace {

const char* reason(int status) {
  switch (status) {
    case 400: return "bad request";
    case 404: return "not found";
    case 405: return "method not allowed";
    case 408: return "request timeout";
    case 413: return "payload too large";
    case 414: return "URL too long";
    case 416: return "range not satisfiable";
    case 429: return "too many connections from one address";
    case 431: return "request header fields too large";
    case 503: return "service unavailable";
    default: return status >= 500 ? "internal error" : "error";
  }
}

/// httplib's own errors (bad request line, URI too long, ...) get a JSON body like ours, with
/// its length, and close their connection; a response that already has a body keeps it. A
/// request that broke a bound of its RequestStream (httplib says 400) is answered 408 or 431.
/// Unhandled: httplib would apply the request's ranges to an answer its error handler handled.
httplib::Server::HandlerResponse json_error_body(const ServerOptions& options,
                                                 httplib::Response& res) {
  std::string message;
  switch (current_fault()) {
    case RequestStream::Fault::Timeout:
      res.status = 408;
      message = "the request did not arrive whole within " +
                std::to_string(options.read_timeout_seconds) + " s";
      break;
    case RequestStream::Fault::HeadTooLarge:
      res.status = 431;
      message = "the request line and headers exceed " + std::to_string(options.max_head_bytes) +
                " bytes or " + std::to_string(options.max_head_lines) + " lines";
      break;
    case RequestStream::Fault::None:
      break;
  }
  if (!message.empty()) res.body.clear();
  if (res.body.empty()) {  // httplib's own error: the request could not be read
    if (message.empty() && res.status == 400)
      message = "the request line or a header could not be read (in a URL, a space, '?' or '#' "
                "inside a value must be percent-encoded: %20, %3F, %23)";
    const Response e = error_response(res.status, message.empty() ? reason(res.status) : message);
    res.set_content(e.body, e.content_type);
    // Unhandled answers get no length from httplib; what follows the bad request on its
    // connection is not read as a request.
    res.set_header("Content-Length", std::to_string(res.body.size()));
    res.set_header("Connection", "close");
    close_after_answer();
  }
  return httplib::Server::HandlerResponse::Unhandled;
}

}  // namespace

/// A database and the Api (with its kept answers) over it.
struct Served {
  Served(std::shared_ptr<const db::Database> db, const ServerOptions& options)
      : database(std::move(db)), api(*database, options.limits, options.cache_bytes) {}
  std::shared_ptr<const db::Database> database;
  Api api;
};

struct HttpServer::Impl {
  Impl(const db::Database& database, const ServerOptions& options)
      : options(options),
        served(std::make_shared<const Served>(
            std::shared_ptr<const db::Database>(&database, [](const db::Database*) {}),
            options)),
        http(options.max_connections_per_client,
             RequestStream::Bounds{options.max_head_bytes, options.max_head_lines, {}}) {}
  const ServerOptions options;
  mutable std::shared_mutex served_mutex;  ///< shared by requests, exclusive to reopen()
  std::shared_ptr<const Served> served;  ///< replaced by reopen(); a request keeps its own

  std::shared_ptr<const Served> current() const {
    const std::shared_lock lock(served_mutex);
    return served;
  }
  /// Opens the database read-only again (another process committed to it) and serves that
  /// from now on; requests under way finish on the old one. False when it cannot be opened.
  bool reopen() {
    try {
      db::OpenOptions open;
      open.mode = db::OpenMode::ReadOnly;
      open.evaluations = true;  // the explorer shows the stored evaluation of each move
      auto fresh = std::make_shared<const Served>(
          std::make_shared<const db::Database>(db::Database::open(current()->database->folder(), open)),
          options);
      const std::unique_lock lock(served_mutex);
      served = std::move(fresh);
      return true;
    } catch (const db::Error& e) {
      std::fprintf(stderr, "damdb serve: opening the database again: %s\n", e.what());
      return false;
    }
  }
  GuardedServer http;
  std::atomic<int> listen_socket{-1};
  std::atomic<bool> stop_requested{false};

  /// The single handler of every request: checks method and length, then asks the Api.
  void answer(const httplib::Request& req, httplib::Response& res) const {
    if (req.method != "GET" && req.method != "HEAD") {
      res.status = 405;
      res.set_header("Allow", "GET, HEAD");
      res.set_content(error_response(405, "only GET and HEAD").body, "application/json");
      return;
    }
    if (req.target.size() > options.limits.max_target_length) {
      const Response e = error_response(414, "URL longer than " +
                                                 std::to_string(options.limits.max_target_length) +
                                                 " bytes");
      res.status = 414;
      res.set_content(e.body, e.content_type);
      return;
    }
    static_assert(std::is_same_v<httplib::Params, ParameterMap>);  // no copy needed
    const std::shared_ptr<const Served> now = current();
    const std::shared_ptr<const Response> r = now->api.answer(req.path, req.params);
    if (r->body.size() > options.max_answer_bytes) {
      const Response e = error_response(
          400, "the answer would be " + std::to_string(r->body.size()) +
                   " bytes, more than the server's limit of " +
                   std::to_string(options.max_answer_bytes) +
                   ": ask for fewer rows (limit, top, moves, games) or narrow the filters");
      res.status = e.status;
      res.set_content(e.body, e.content_type);
      return;
    }
    res.status = r->status;
    res.set_content(r->body.data(), r->body.size(), r->content_type.c_str());
  }
};

HttpServer::HttpServer(const db::Database& database, const ServerOptions& options)
    : impl_(std::make_unique<Impl>(database, options)), options_(options) {
  if (options.threads == 0) throw std::invalid_argument("threads must be at least 1");
  if (options.keep_alive_seconds < 0 || options.read_timeout_seconds < 0 ||
      options.write_timeout_seconds < 0)
    throw std::invalid_argument("timeouts must not be negative");
  httplib::Server& http = impl_->http;
  const std::size_t threads = options.threads;
  http.new_task_queue = [threads] { return new AdmittingQueue(threads); };
  http.set_keep_alive_max_count(options.keep_alive_requests);
  http.set_keep_alive_timeout(options.keep_alive_seconds);
  http.set_read_timeout(options.read_timeout_seconds);
  http.set_write_timeout(options.write_timeout_seconds);
  http.set_payload_max_length(64 * 1024);  // GET only: a body is never needed
  http.set_tcp_nodelay(true);
  // SO_REUSEADDR only (no SO_REUSEPORT: a second server on the same port must fail to bind);
  // the socket is remembered to raise the listen backlog after bind.
  http.set_socket_options([impl = impl_.get()](socket_t sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    impl->listen_socket = sock;
  });
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                            {"Accept-Ranges", "none"},
                            {"Cache-Control", "no-store"},
                            {"Content-Security-Policy",
                             "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                             "img-src 'self' data:"}});
  http.set_pre_routing_handler([impl = impl_.get()](const httplib::Request& req,
                                                    httplib::Response& res) {
    impl->answer(req, res);
    return httplib::Server::HandlerResponse::Handled;
  });
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [impl = impl_.get()](const httplib::Request&, httplib::Response& res) {
        return json_error_body(impl->options, res);
      }));
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                std::exception_ptr) {
    res.status = 500;
    res.set_content(error_response(500, "internal error").body, "application/json");
  });
}

HttpServer::~HttpServer() = default;

void HttpServer::bind() {
  httplib::Server& http = impl_->http;
  if (options_.port == 0) {
    port_ = http.bind_to_any_port(options_.host);
    if (port_ < 0) port_ = 0;
  } else if (http.bind_to_port(options_.host, options_.port)) {
    port_ = options_.port;
  }
  if (port_ <= 0)
    throw ServerError("cannot listen on " + options_.host + ":" + std::to_string(options_.port) +
                      " (address in use or not local?)");
  // cpp-httplib listens with a backlog of 5: a burst of new connections would wait for SYN
  // retransmissions (1 s). Listening again on the bound socket raises the backlog (Linux).
  if (impl_->listen_socket >= 0) ::listen(impl_->listen_socket, SOMAXCONN);
}

std::string HttpServer::address() const {
  const bool ipv6 = options_.host.find(':') != std::string::npos;
  return "http://" + (ipv6 ? "[" + options_.host + "]" : options_.host) + ":" +
         std::to_string(port_) + "/";
}

void HttpServer::run() {
  if (impl_->stop_requested) return;
  std::unique_ptr<DatabaseWatcher> watcher;
  if (impl_->current()->database->mode() != db::OpenMode::ReadWrite &&
      options_.watch_interval.count() > 0)
    watcher = std::make_unique<DatabaseWatcher>(impl_->current()->database->folder(),
                                                options_.watch_interval,
                                                [impl = impl_.get()] { return impl->reopen(); });
  impl_->http.listen_after_bind();
}

void HttpServer::stop() {
  impl_->stop_requested = true;
  impl_->http.stop();
}

}  // namespace damdb::server
