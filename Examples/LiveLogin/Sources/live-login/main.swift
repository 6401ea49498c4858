import Foundation
import LiveLogin

// Starts the backend on 127.0.0.1, signs in with a wrong and then the right password, and prints
// what the screen showed at real milliseconds. Exit status 0 when both went as the backend says.
let server = try LoginServer()
let login = try LoginScreen(backend: server.baseURL)
let refused = try await login.signIn(email: "someone@example.com", password: "hunter3")
let accepted = try await login.signIn(email: "someone@example.com", password: "hunter2")
login.screen.stop()
server.stop()

print("backend on \(server.baseURL), specs/login.yaml on the live clock\n")
for line in login.timeline { print(line) }
print("\nrequests: \(server.log.joined(separator: "; "))")
print("wrong password: \(refused), right password: \(accepted)")
exit(refused.description == "http(401)" && accepted.description == "()" ? 0 : 1)
