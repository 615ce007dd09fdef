export { toSessionUser } from './session-user'
export { createMember, registerMember } from './register'
export { loginMember, logoutMember, startSession, sessionCookie, expiredSessionCookie, INVALID_CREDENTIALS } from './login'
export { verifyAge, DOB_MISMATCH, UNDER_AGE } from './verify-age'
