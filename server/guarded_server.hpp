// cpp-httplib's server with the limits it lacks: every connection is admitted at once or
// refused at once (429 when its address already holds ClientLimits::per_client connections,
// 503 when every thread is busy: the library queued it behind the busy threads without end),
// and each request is read through a RequestStream (a deadline for the whole request, a bound
// on its head). Range requests are ignored: every answer is whole (200); many ranges of one
// answer once made it a thousand times larger.
#pragma once

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "server/client_slots.hpp"
#include "server/request_stream.hpp"

namespace damdb::server {

/// httplib's task queue with `workers` threads that never queues a connection behind busy
/// workers: a connection no idle worker can take at once goes to a thread that refuses it.
class AdmittingQueue final : public httplib::TaskQueue {
 public:
  explicit AdmittingQueue(std::size_t workers);
  ~AdmittingQueue() override;
  void enqueue(std::function<void()> fn) override;
  /// Runs what is queued, then joins every thread.
  void shutdown() override;
  /// True in the thread that refuses connections.
  static bool refusing();

 private:
  void work();
  void refuse();

  std::mutex mutex_;
  std::condition_variable wake_, wake_refuser_;
  std::deque<std::function<void()>> jobs_, refused_;
  std::size_t idle_;  ///< workers not running a job (a queued job has one of them waiting)
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

/// What a request that broke a bound was told (set by GuardedServer while it reads).
RequestStream::Fault current_fault();

/// Ends the connection this thread serves once its current answer is written: the request
/// could not be read (its bytes cannot be trusted to end where a next request begins).
void close_after_answer();

/// httplib::Server serving each connection through the bounds above.
class GuardedServer final : public httplib::Server {
 public:
  /// At most `per_client` connections per client address (0: any), heads within `head`
  /// (its write_timeout is replaced by the server's). A request must arrive whole within the
  /// read timeout (set_read_timeout) of its first byte, the first of a connection within it
  /// of the connection's opening; a connection waits for its next request as long as the
  /// keep-alive timeout.
  GuardedServer(std::size_t per_client, const RequestStream::Bounds& head);

 protected:
  bool process_and_close_socket(socket_t sock) override;

 private:
  void serve(socket_t sock);

  const RequestStream::Bounds head_;
  ClientSlots slots_;
};

}  // namespace damdb::server
