-- Country codes the profile accepted before it refused retired ISO 3166-1 codes and regions that
-- are no country (issue 12): each retired code becomes the one that replaced it, the rest none.
UPDATE "seo_profiles" SET "country" = CASE "country"
  WHEN 'UK' THEN 'GB' WHEN 'FX' THEN 'FR' WHEN 'DD' THEN 'DE' WHEN 'SU' THEN 'RU'
  WHEN 'YU' THEN 'RS' WHEN 'CS' THEN 'RS' WHEN 'ZR' THEN 'CD' WHEN 'AN' THEN 'CW'
  WHEN 'BU' THEN 'MM' WHEN 'TP' THEN 'TL' WHEN 'NH' THEN 'VU' WHEN 'VD' THEN 'VN'
  WHEN 'YD' THEN 'YE' WHEN 'RH' THEN 'ZW' WHEN 'DY' THEN 'BJ' WHEN 'HV' THEN 'BF'
  ELSE NULL END
WHERE "country" IN ('UK', 'FX', 'DD', 'SU', 'YU', 'CS', 'ZR', 'AN', 'BU', 'TP', 'NH', 'VD', 'YD', 'RH', 'DY', 'HV',
  'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA');
