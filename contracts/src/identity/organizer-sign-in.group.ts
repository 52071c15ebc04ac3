/** Organizer sign-in code (A 4.8 `POST /v2/organizers/send-otp`): same machinery and answer as phone send-otp. */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { op } from "../common/index.js"
import { SendOtpBody } from "./auth.group.js"
import { SendOtpNested } from "./sign-in.dto.js"

export class OrganizerSignInGroup extends HttpApiGroup.make("organizerSignIn")
  .add(op.post("organizerSendOtp", "/v2/organizers/send-otp", { body: SendOtpBody, ok: SendOtpNested, status: 201, message: "OTP sent successfully", summary: "Send an organizer sign-in code (same answer whether or not the member exists)" }))
  .annotate(OpenApi.Title, "Organizer sign-in")
  .annotate(OpenApi.Description, "Sign-in codes for organizer team members; verify with /v2/auth/verify-otp role organizer")
{}
