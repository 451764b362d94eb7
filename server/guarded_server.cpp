#include "server/guarded_server.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include "json/error.hpp"
#include "json/text.hpp"

namespace damdb::server {
namespace {

thread_local bool t_refusing = false;
thread_local const RequestStream* t_stream = nullptr;  ///< the connection this thread reads
thread_local bool t_close_after_answer = false;  ///< close_after_answer() was called

/// Sends a JSON error answer with "Connection: close" without waiting (what the socket's
/// buffer takes), then closes: for connections refused or broken off.
void send_and_close(socket_t sock, int status, const char* reason, const std::string& message) {
  const bool retry = status == 429 || status == 503;  // the same request may pass later
  const std::string body = json::to_text(json::error_json(message));  // as error_response
  const std::string text =
      "HTTP/1.1 " + std::to_string(status) + " " + reason +
      "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
      (retry ? "\r\nRetry-After: 1" : "") + "\r\nConnection: close\r\n\r\n" + body;
  (void)::send(sock, text.data(), text.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

/// Closes after the answer: no more writes, what already came is read and dropped (a close
/// with unread bytes resets the connection, and the client may lose the answer), at most
/// 64 KB without waiting.
void close_connection(socket_t sock) {
  ::shutdown(sock, SHUT_WR);
  char sink[4096];
  for (int i = 0; i < 16 && ::recv(sock, sink, sizeof sink, MSG_DONTWAIT) > 0; ++i) {
  }
  ::close(sock);
}

std::chrono::milliseconds to_ms(time_t sec, time_t usec) {
  return std::chrono::milliseconds(sec * 1000 + usec / 1000);
}

}  // namespace

AdmittingQueue::AdmittingQueue(std::size_t workers) : idle_(workers) {
  for (std::size_t i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  threads_.emplace_back([this] { refuse(); });
}

AdmittingQueue::~AdmittingQueue() { shutdown(); }

void AdmittingQueue::enqueue(std::function<void()> fn) {
  {
    const std::lock_guard lock(mutex_);
    if (idle_ > jobs_.size()) {
      jobs_.push_back(std::move(fn));
      wake_.notify_one();
      return;
    }
    refused_.push_back(std::move(fn));
  }
  wake_refuser_.notify_one();
}

void AdmittingQueue::shutdown() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  wake_refuser_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

bool AdmittingQueue::refusing() { return t_refusing; }

void AdmittingQueue::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, nothing left
    std::function<void()> fn = std::move(jobs_.front());
    jobs_.pop_front();
    --idle_;
    lock.unlock();
    fn();
    lock.lock();
    ++idle_;
  }
}

void AdmittingQueue::refuse() {
  t_refusing = true;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_refuser_.wait(lock, [this] { return stopping_ || !refused_.empty(); });
    if (refused_.empty()) return;
    std::function<void()> fn = std::move(refused_.front());
    refused_.pop_front();
    lock.unlock();
    fn();  // GuardedServer::process_and_close_socket, which sees refusing()
    lock.lock();
  }
}

RequestStream::Fault current_fault() {
  return t_stream ? t_stream->fault() : RequestStream::Fault::None;
}

void close_after_answer() { t_close_after_answer = true; }

GuardedServer::GuardedServer(std::size_t per_client, const RequestStream::Bounds& head)
    : head_(head), slots_(per_client) {}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  if (AdmittingQueue::refusing()) {
    send_and_close(sock, 503, "Service Unavailable", "every connection of the server is busy");
    close_connection(sock);
    return false;
  }
  std::string ip;
  int port = 0;
  socket_address(sock, true, ip, port);
  const ClientSlots::Lease lease = slots_.acquire(ip);
  if (!lease) {
    send_and_close(
        sock, 429, "Too Many Requests",
        "more than " + std::to_string(slots_.per_client()) + " connections open from one address");
    close_connection(sock);
    return false;
  }
  serve(sock);
  return true;
}

void GuardedServer::serve(socket_t sock) {
  using Clock = RequestStream::Clock;
  RequestStream::Bounds bounds = head_;
  bounds.write_timeout = to_ms(write_timeout_sec_, write_timeout_usec_);
  RequestStream stream(sock, bounds);
  t_stream = &stream;
  t_close_after_answer = false;
  const auto deadline = to_ms(read_timeout_sec_, read_timeout_usec_);
  const auto keep_alive = std::chrono::milliseconds(keep_alive_timeout_sec_ * 1000);
  const auto opened = Clock::now();
  // httplib clears a Range header's ranges nowhere: cleared here, every answer is whole.
  const std::function<void(httplib::Request&)> no_ranges = [](httplib::Request& req) {
    req.ranges.clear();
  };
  for (std::size_t count = keep_alive_max_count_; count > 0 && svr_sock_ != INVALID_SOCKET;
       --count) {
    if (!stream.wait_for_request(keep_alive)) break;
    const bool first = count == keep_alive_max_count_;
    stream.begin_request((first ? opened : Clock::now()) + deadline);
    bool closed = false;
    const bool answered = process_request(stream, count == 1, closed, no_ranges);
    if (stream.fault() != RequestStream::Fault::None) {
      if (!stream.answered()) {
        if (stream.fault() == RequestStream::Fault::Timeout)
          send_and_close(sock, 408, "Request Timeout", "the request did not arrive in time");
        else
          send_and_close(sock, 431, "Request Header Fields Too Large",
                         "the request line and headers are too large");
      }
      break;
    }
    if (!answered || closed || t_close_after_answer) break;
  }
  t_stream = nullptr;
  close_connection(sock);
}

}  // namespace damdb::server
