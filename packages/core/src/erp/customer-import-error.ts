/**
 * Why one ERP customer could not be imported, and the error code its entry carries in a
 * bulk import's `errors` (the code the single import would have answered).
 */
import { DuplicateNit } from "../companies/errors.ts"
import {
  ErpCustomerNotFound,
  ErpAuthFailed,
  type ErpError,
  ErpHttpError,
  ErpNotConfigured,
  ErpNotConnected
} from "./errors.ts"

export type CustomerImportError = ErpCustomerNotFound | DuplicateNit | ErpError

export const importErrorCode = (error: CustomerImportError): string => {
  switch (error._tag) {
    case "ErpCustomerNotFound":
      return ErpCustomerNotFound.code
    case "DuplicateNit":
      return DuplicateNit.code
    case "ErpNotConfigured":
      return ErpNotConfigured.code
    case "ErpAuthFailed":
      return ErpAuthFailed.code
    case "ErpHttpError":
      return ErpHttpError.code
    case "ErpNotConnected":
      return ErpNotConnected.code
  }
}
