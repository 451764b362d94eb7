// How many connections each client address holds open at once, so that one client (a browser,
// a script, an attacker's slow connections) cannot take every thread of the server.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace damdb::server {

class ClientSlots {
 public:
  /// At most `per_client` connections per address (0: no limit).
  explicit ClientSlots(std::size_t per_client) : per_client_(per_client) {}
  ClientSlots(const ClientSlots&) = delete;
  ClientSlots& operator=(const ClientSlots&) = delete;

  /// One connection's slot: held until destroyed; false (holds nothing) when its address
  /// already held the limit.
  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& other) noexcept : slots_(other.slots_), address_(std::move(other.address_)) {
      other.slots_ = nullptr;
    }
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (slots_) slots_->release(address_);
    }
    explicit operator bool() const { return slots_ != nullptr; }

   private:
    friend class ClientSlots;
    Lease(ClientSlots* slots, std::string address) : slots_(slots), address_(std::move(address)) {}
    ClientSlots* slots_ = nullptr;
    std::string address_;
  };

  /// A slot for a connection from `address` (as written by the socket layer, "127.0.0.1").
  Lease acquire(const std::string& address);
  /// Connections `address` holds now.
  std::size_t held(const std::string& address) const;
  std::size_t per_client() const { return per_client_; }

 private:
  void release(const std::string& address);

  const std::size_t per_client_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> held_;  ///< only addresses holding one or more
};

}  // namespace damdb::server
