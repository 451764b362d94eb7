#include "server/client_slots.hpp"

namespace damdb::server {

ClientSlots::Lease ClientSlots::acquire(const std::string& address) {
  const std::lock_guard lock(mutex_);
  std::size_t& held = held_[address];
  if (per_client_ != 0 && held >= per_client_) return {};  // held > 0: the entry was there
  ++held;
  return Lease(this, address);
}

std::size_t ClientSlots::held(const std::string& address) const {
  const std::lock_guard lock(mutex_);
  const auto it = held_.find(address);
  return it == held_.end() ? 0 : it->second;
}

void ClientSlots::release(const std::string& address) {
  const std::lock_guard lock(mutex_);
  const auto it = held_.find(address);
  if (it != held_.end() && --it->second == 0) held_.erase(it);
}

}  // namespace damdb::server
