/**
 * DANE codes of the main Colombian cities, for the address Siigo requires when a
 * customer is created (`address.city.{country_code, state_code, city_code}`). Local
 * branches only store a city name, so the export maps known names and falls back to
 * Bogotá, which Siigo accepts; an administrator can correct it in Siigo.
 */

export interface ErpCityCode {
  readonly countryCode: string
  readonly stateCode: string
  readonly cityCode: string
}

const fold = (text: string): string =>
  text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().replace(/[^a-z]/g, "")

const city = (stateCode: string, cityCode: string): ErpCityCode => ({ countryCode: "Co", stateCode, cityCode })

export const defaultErpCity: ErpCityCode = city("11", "11001")

const knownCities: ReadonlyMap<string, ErpCityCode> = new Map([
  ["bogota", defaultErpCity],
  ["bogotadc", defaultErpCity],
  ["medellin", city("05", "05001")],
  ["cali", city("76", "76001")],
  ["santiagodecali", city("76", "76001")],
  ["barranquilla", city("08", "08001")],
  ["cartagena", city("13", "13001")],
  ["cartagenadeindias", city("13", "13001")],
  ["bucaramanga", city("68", "68001")],
  ["cucuta", city("54", "54001")],
  ["sanjosedecucuta", city("54", "54001")],
  ["pereira", city("66", "66001")],
  ["manizales", city("17", "17001")],
  ["ibague", city("73", "73001")],
  ["santamarta", city("47", "47001")],
  ["villavicencio", city("50", "50001")],
  ["pasto", city("52", "52001")],
  ["monteria", city("23", "23001")],
  ["neiva", city("41", "41001")],
  ["armenia", city("63", "63001")],
  ["tunja", city("15", "15001")],
  ["popayan", city("19", "19001")],
  ["valledupar", city("20", "20001")],
  ["sincelejo", city("70", "70001")]
])

/** The codes of a city name ("Medellín", "BOGOTÁ D.C."), or Bogotá's when unknown. */
export const erpCityCode = (name: string | null | undefined): ErpCityCode =>
  knownCities.get(fold(name ?? "")) ?? defaultErpCity
